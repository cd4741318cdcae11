import Glibc
import GtkKit
import TriadResources

/// `stdout` is a C global that strict concurrency rejects; this is the same stream.
nonisolated(unsafe) let stdoutStream = fdopen(1, "w")!
/// Likewise for `stderr`.
nonisolated(unsafe) let stderrStream = fdopen(2, "w")!

enum Translations {
    /// Where the compiled translations are: `TRIAD_LOCALEDIR` if set; else, for an installed
    /// Triad (`<prefix>/bin/triad`), `<prefix>/share/locale`; else, run from the build folder, the
    /// folder the build compiled them into.
    static var folder: String {
        if let fromEnvironment = getenv("TRIAD_LOCALEDIR") { return String(cString: fromEnvironment) }
        if let prefix = Program.installPrefix, exists("\(prefix)/share/locale") { return "\(prefix)/share/locale" }
        return String(cString: triad_built_locale_directory())
    }
}
