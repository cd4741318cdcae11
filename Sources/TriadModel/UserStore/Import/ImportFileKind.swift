import Glibc

/// What the desktop knows of a file's content: its type, from the shared MIME database (the
/// file's name and first bytes), and the database's family tree of types. Asking is the
/// toolkit's (GIO, through GtkKit: the app's `DesktopContentTypes`); deciding with the answers
/// is the model's (``ImportFileKind``).
public protocol ContentTypes {
    /// The content type of the file at `path` (`text/csv`, `application/json`…), or nil when the
    /// file cannot be read.
    func contentType(ofFile path: String) -> String?
    /// Whether `type` is `ancestor` or a kind of it (`text/csv` is a kind of `text/plain`).
    func contentType(_ type: String, isA ancestor: String) -> Bool
}

/// What a file to import is: the format follows what the file is, by its content type, not how
/// its name is spelt. The window's import and `triad --import` decide alike.
public enum ImportFileKind {
    /// The format to read `path` in, or why it is not imported: the file cannot be read, or it
    /// is neither JSON nor text (CSV and TSV are kinds of text).
    public static func of(_ path: String, types: some ContentTypes) -> Result<UserImporter.Format, Refusal> {
        if access(path, R_OK) != 0 {
            return .failure(Refusal(message: ImportError.cannotOpen(String(cString: strerror(errno))).message))
        }
        let type = types.contentType(ofFile: path)
        switch type {
        case let type? where types.contentType(type, isA: "application/json"): return .success(.json)
        case let type? where types.contentType(type, isA: "text/plain"): return .success(.csv)  // text/csv and .tsv are kinds of it
        default:
            let name = String(path.split(separator: "/").last ?? Substring(path))
            return .failure(
                Refusal(
                    message: L("“{name}” is not a CSV or JSON file ({type}); nothing was imported.")
                        .filling(["name": name, "type": type ?? L("unreadable")])))
        }
    }

    /// Why a file is not imported, as the page says it.
    public struct Refusal: Error, Equatable {
        /// The sentence to show.
        public let message: String
    }
}
