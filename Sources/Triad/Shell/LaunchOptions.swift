import CGtk
import Glibc
import GtkKit
import TriadModel

/// Triad's command-line options, declared to GApplication rather than parsed by hand, so that:
/// - GApplication parses them, with `--help`, `--gapplication-service` (D-Bus activation) and the
///   options GtkApplication adds for GTK itself (`--display`…);
/// - the options that finish in the launching process (`--version`, `--list-shortcuts`,
///   `--generate-users`) are answered in `handle-local-options`, before any window or display;
/// - a second launch's `--page` travels to the running instance in its `command-line` signal.
@MainActor
enum LaunchOptions {
    /// What a launch asks the (possibly already running) instance to do.
    struct Request {
        /// `--page NAME`: the page to show (adder, address, login, users, note).
        var page: String?
        /// `--quit-after-first-frame`: print the first frame's timing and quit (benchmarks,
        /// smoke tests). Such a launch never hands over to a running window, nor becomes one.
        var quitAfterFirstFrame = false
    }

    /// Declares the options on `application`, before `g_application_run`.
    static func declare(on application: UnsafeMutablePointer<GApplication>) {
        let entries = [
            entry("version", G_OPTION_ARG_NONE, L("Print the version and exit")),
            entry("quit-after-first-frame", G_OPTION_ARG_NONE,
                  L("Quit once the first frame is drawn; print the milliseconds since process start")),
            entry("page", G_OPTION_ARG_STRING, L("Show this page first: adder, address, login, users or note"), argument: "NAME"),
            // A string, read here: GApplication leaves an integer option that equals its default,
            // 0, out of the options it hands on, so `--generate-users 0` started the window.
            entry("generate-users", G_OPTION_ARG_STRING,
                  L("Add N synthetic users to the store (for demos and benchmarks) and exit"), argument: "N"),
            entry("list-shortcuts", G_OPTION_ARG_NONE, L("Print every action's keyboard shortcuts and exit")),
            GOptionEntry(),
        ]
        entries.withUnsafeBufferPointer { g_application_add_main_option_entries(application, $0.baseAddress) }
        g_application_set_option_context_description(application,  // copied by GLib
            L("Environment:") + "\n  TRIAD_DATA_DIR             " +
            L("Folder for Triad's data (default: $XDG_DATA_HOME/io.github.triad.Triad)"))
    }

    /// `handle-local-options`, in the launching process: an exit status for the options that end
    /// here, or -1 to go on (to this instance's or the running one's `command-line`).
    static func handleLocally(_ options: UnsafeMutablePointer<GVariantDict>,
                              application: UnsafeMutablePointer<GApplication>) -> Int32 {
        if g_variant_dict_contains(options, "version") != 0 {
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        }
        if g_variant_dict_contains(options, "list-shortcuts") != 0 {
            print(Shortcuts.listing, terminator: "")
            return 0
        }
        if let text = string(options, "generate-users") {
            guard let count = Int(text.trimmingWhitespace), count >= 0, count <= Int(Int32.max) else {
                return refuse(L("--generate-users needs a number from 0 to {max}.").filling(["max": String(Int32.max)]))
            }
            return AppServices.generateUsers(count)
        }
        let request = Request(options)
        if let page = request.page, !FeatureCatalog.pages.contains(where: { $0.name == page }) {
            let names = FeatureCatalog.pages.map(\.name).joined(separator: ", ")
            return refuse(L("There is no page called “{page}”. The pages are: {names}.").filling(["page": page, "names": names]))
        }
        // A benchmark run must never hand over to (or be) the running instance.
        if request.quitAfterFirstFrame {
            g_application_set_flags(application, GApplicationFlags(g_application_get_flags(application).rawValue | G_APPLICATION_NON_UNIQUE.rawValue))
        }
        return -1
    }

    private static func refuse(_ message: String) -> Int32 {
        fputs("triad: \(message)\n", stderrStream)
        return 2
    }

    private static func entry(_ name: String, _ kind: GOptionArg, _ description: String,
                              argument: String? = nil) -> GOptionEntry {
        GOptionEntry(long_name: CStrings.keep(name), short_name: 0, flags: 0, arg: kind, arg_data: nil,
                     description: CStrings.keep(description), arg_description: argument.map(CStrings.keep))
    }

    fileprivate static func string(_ options: UnsafeMutablePointer<GVariantDict>, _ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(options, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        guard g_variant_classify(value) == G_VARIANT_CLASS_STRING, let text = g_variant_get_string(value, nil) else { return nil }
        return String(cString: text)
    }
}

@MainActor
extension LaunchOptions.Request {
    /// The request in a parsed options dictionary (this launch's, or a later one's, forwarded).
    init(_ options: UnsafeMutablePointer<GVariantDict>) {
        page = LaunchOptions.string(options, "page")
        quitAfterFirstFrame = g_variant_dict_contains(options, "quit-after-first-frame") != 0
    }
}

/// C strings GLib keeps pointers to for the whole run (option names and descriptions): copied
/// once and held here, so they stay valid and reachable until exit.
@MainActor
private enum CStrings {
    private static var kept: [UnsafeMutablePointer<CChar>] = []

    static func keep(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        kept.append(copy)
        return UnsafePointer(copy)
    }
}
