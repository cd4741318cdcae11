import CGtk
import Glibc
import TriadModel

/// `stdout` is a C global that strict concurrency rejects; this is the same stream.
nonisolated(unsafe) let stdoutStream = fdopen(1, "w")!
/// Likewise for `stderr`.
nonisolated(unsafe) let stderrStream = fdopen(2, "w")!

enum Translations {
    /// Points gettext at the compiled catalogs: `TRIAD_LOCALEDIR` if set, else the build folder's
    /// `build/locale` next to the executable's package, else the install prefix's `share/locale`.
    static func bind() {
        let directory = localeDirectory()
        bindtextdomain(translationDomain, directory)
        bind_textdomain_codeset(translationDomain, "UTF-8")
        textdomain(translationDomain)
    }

    private static func localeDirectory() -> String {
        if let fromEnvironment = getenv("TRIAD_LOCALEDIR") { return String(cString: fromEnvironment) }
        // /proc/self/exe = <prefix>/bin/triad → <prefix>/share/locale
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard length > 0 else { return "/usr/share/locale" }
        let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let binFolder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
        let prefix = String(binFolder[..<(binFolder.lastIndex(of: "/") ?? binFolder.endIndex)])
        let installed = prefix + "/share/locale"
        if access(installed, F_OK) == 0 { return installed }
        // Run from a build folder (.build/… or another scratch path such as .build-asan/…):
        // the catalogs are in build/locale beside it.
        if let offset = executable.utf8Offset(of: "/.build") {
            return String(decoding: executable.utf8.prefix(offset), as: UTF8.self) + "/build/locale"
        }
        return installed
    }
}
