import CGtk
import Glibc
import GtkKit
import TriadModel

/// Triad's command-line options, declared to GApplication rather than parsed by hand, so that:
/// - GApplication parses them, with `--help`, `--gapplication-service` (D-Bus activation) and the
///   options GtkApplication adds for GTK itself (`--display`…);
/// - the options that finish in the launching process (`--version`, `--list-shortcuts`,
///   `--generate-users`, `--import`, `--export`) are answered in `handle-local-options`, before
///   any window or display;
/// - a second launch's `--page` and files travel to the running instance in its `command-line`
///   signal.
@MainActor
enum LaunchOptions {
    /// What a launch asks the (possibly already running) instance to do.
    struct Request {
        /// `--page NAME`: the page to show (adder, address, login, users, note).
        var page: String?
        /// `--quit-after-first-frame`: print the first frame's timing and quit (benchmarks,
        /// smoke tests). Such a launch never hands over to a running window, nor becomes one.
        var quitAfterFirstFrame = false
        /// Files given without an option (the file manager's "Open With Triad"), as typed.
        var files: [String] = []
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
            entry("import", G_OPTION_ARG_FILENAME, L("Import the users in FILE (CSV or JSON) as the import preview reads it, print the report and exit"),
                  argument: "FILE"),
            entry("encoding", G_OPTION_ARG_STRING, L("With --import: the file's character set, if not the one found: {names}")
                .filling(["names": TextEncoding.allCases.map(\.rawValue).joined(separator: ", ")]), argument: "NAME"),
            entry("separator", G_OPTION_ARG_STRING, L("With --import: comma, semicolon or tab, if not the one found"), argument: "NAME"),
            entry("export", G_OPTION_ARG_FILENAME, L("Export the users to FILE (.csv or .json) and exit"), argument: "FILE"),
            entry("search", G_OPTION_ARG_STRING, L("With --export: only the users this search finds"), argument: "TEXT"),
            // The files after the options: each is shown in the import preview.
            entry("", G_OPTION_ARG_FILENAME_ARRAY, L("CSV or JSON files to import"), argument: L("[FILE…]")),
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
        if let status = transfer(options) { return status }
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

    /// `--import` and `--export`, with their options; nil when neither is asked for.
    private static func transfer(_ options: UnsafeMutablePointer<GVariantDict>) -> Int32? {
        let importing = filename(options, "import"), exporting = filename(options, "export")
        let encoding = string(options, "encoding"), separator = string(options, "separator"), search = string(options, "search")
        if importing != nil, exporting != nil { return refuse(L("--import and --export are asked for one at a time.")) }
        if let path = importing {
            guard search == nil else { return refuse(L("--search goes with --export.")) }
            let chosenEncoding = encoding.map(TextEncoding.init(commandLineName:))
            if chosenEncoding == .some(nil) {
                return refuse(L("--encoding needs one of: {names}.").filling(["names": TextEncoding.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            let chosenSeparator = separator.map(CSVSeparator.init(commandLineName:))
            if chosenSeparator == .some(nil) { return refuse(L("--separator needs one of: comma, semicolon, tab.")) }
            return AppServices.importUsers(path, encoding: chosenEncoding ?? nil, separator: chosenSeparator ?? nil)
        }
        guard encoding == nil, separator == nil else { return refuse(L("--encoding and --separator go with --import.")) }
        if let path = exporting {
            guard let format = UserExporter.Format(fileName: path) else {
                return refuse(L("--export needs a file name ending in .csv or .json."))
            }
            return AppServices.exportUsers(to: path, format: format, search: search)
        }
        return search == nil ? nil : refuse(L("--search goes with --export."))
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

    /// A file name option's value (GLib keeps file names as bytes, in the system's encoding).
    fileprivate static func filename(_ options: UnsafeMutablePointer<GVariantDict>, _ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(options, name, nil) else { return nil }
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("ay")) != 0, let bytes = g_variant_get_bytestring(value) else { return nil }
        return String(cString: bytes)
    }

    /// The files after the options (`G_OPTION_REMAINING`), as given.
    fileprivate static func files(_ options: UnsafeMutablePointer<GVariantDict>) -> [String] {
        guard let value = g_variant_dict_lookup_value(options, "", nil) else { return [] }
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("aay")) != 0, let list = g_variant_get_bytestring_array(value, nil) else { return [] }
        defer { g_free(list) }
        var files: [String] = []
        var index = 0
        while let file = list[index] {
            files.append(String(cString: file))
            index += 1
        }
        return files
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
        files = LaunchOptions.files(options)
        if !files.isEmpty, page == nil { page = "users" }  // where files are imported
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
