/// The user list's imports and exports, each run with a connection of its own to the store's
/// file, so that a worker thread can run it while the main loop goes on with the store's main
/// connection: the users page's import and export run these (call them off the main loop).
/// A value, made on the main loop and handed to the worker.
public struct UserTransfers: Sendable {
    private let storePath: String

    /// The transfers to and from `store`'s file.
    public init(store: Store) { storePath = store.path }

    /// Imports `path`, read as `options` say, into the user list (UserImporter.swift): all its
    /// valid rows in one transaction, or nothing if it is cancelled or fails. `progress` hears
    /// the share of the file read, on this thread.
    public func importUsers(
        from path: String, options: ImportOptions, cancel: CancelFlag, progress: @escaping (Double) -> Void
    ) -> Result<ImportReport, ImportError> {
        UserImporter.run(path: path, options: options, storePath: storePath, cancel: cancel, progress: progress)
    }

    /// Writes the users `search` finds (all of them when nil or empty) to `destination`
    /// (UserExporter.swift); returns how many were written. Cancelled or failed, it leaves no
    /// file. `progress` hears the share written, on this thread.
    public func exportUsers(
        to destination: ExportDestination, search: String?, cancel: CancelFlag, progress: @escaping (Double) -> Void
    ) -> Result<Int, ExportError> {
        UserExporter.run(
            to: destination.path, format: destination.format, search: search, storePath: storePath, cancel: cancel, progress: progress)
    }
}
