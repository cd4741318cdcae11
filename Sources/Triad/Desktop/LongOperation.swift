import GtkKit
import TriadModel

extension DesktopSession {
    /// Runs work that may take minutes (an import or an export of many users) as the desktop
    /// should see it: on a worker thread, so the window keeps drawing; with the session kept from
    /// ending (logout, suspend) until it is done, `reason` saying why to whoever asks; its
    /// progress and its result brought back to the main loop.
    ///
    /// - Parameters:
    ///   - work: runs on the worker thread; reports the share done (0…1) through its argument.
    ///   - progress: hears each share reported, on the main loop.
    ///   - finished: gets the result on the main loop, once the session may end again.
    func runLongOperation<Result: Sendable>(
        because reason: String,
        _ work: @escaping @Sendable (_ progress: @escaping @Sendable (Double) -> Void) -> Result,
        progress: @escaping @Sendable @MainActor (Double) -> Void,
        finished: @escaping @Sendable @MainActor (Result) -> Void
    ) {
        let ticket = preventEnding(because: reason)
        WorkerThread.run(
            { work { fraction in MainLoop.hop { progress(fraction) } } },
            then: { [self] result in
                allowEnding(ticket)
                finished(result)
            })
    }
}
