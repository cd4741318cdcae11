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
        /// `--page NAME`: the page to show (adder, address, login, users, note, chart).
        var page: String?
        /// `--quit-after-first-frame`: print the first frame's timing and quit (benchmarks,
        /// smoke tests). Such a launch never hands over to a running window, nor becomes one.
        var quitAfterFirstFrame = false
        /// Files given without an option (the file manager's "Open With Triad"), as typed.
        var files: [String] = []
    }

    /// Declares the options on `application`, before it runs.
    static func declare(on application: Application) {
        application.declare(
            [
                LaunchOption("version", .flag, help: L("Print the version and exit")),
                LaunchOption(
                    "quit-after-first-frame", .flag,
                    help: L("Quit once the first frame is drawn; print the milliseconds since process start")),
                LaunchOption(
                    "page", .string, help: L("Show this page first: adder, address, login, users, note or chart"), argument: "NAME"),
                // A string, read here: GApplication leaves an integer option that equals its default,
                // 0, out of the options it hands on, so `--generate-users 0` started the window.
                LaunchOption(
                    "generate-users", .string, help: L("Add N synthetic users to the store (for demos and benchmarks) and exit"),
                    argument: "N"),
                LaunchOption("list-shortcuts", .flag, help: L("Print every action's keyboard shortcuts and exit")),
                LaunchOption(
                    "import", .filename,
                    help: L("Import the users in FILE (CSV or JSON) as the import preview reads it, print the report and exit"),
                    argument: "FILE"),
                LaunchOption(
                    "encoding", .string,
                    help: L("With --import: the file's character set, if not the one found: {names}")
                        .filling(["names": TextEncoding.allCases.map(\.rawValue).joined(separator: ", ")]), argument: "NAME"),
                LaunchOption(
                    "separator", .string, help: L("With --import: comma, semicolon or tab, if not the one found"), argument: "NAME"),
                LaunchOption("export", .filename, help: L("Export the users to FILE (.csv or .json) and exit"), argument: "FILE"),
                LaunchOption("search", .string, help: L("With --export: only the users this search finds"), argument: "TEXT"),
                // The files after the options: each is shown in the import preview.
                LaunchOption("", .remainingFilenames, help: L("CSV or JSON files to import"), argument: L("[FILE…]")),
            ],
            description: L("Environment:") + "\n  TRIAD_DATA_DIR             "
                + L("Folder for Triad's data (default: $XDG_DATA_HOME/io.github.triad.Triad)"))
    }

    /// `handle-local-options`, in the launching process: an exit status for the options that end
    /// here, or -1 to go on (to this instance's or the running one's `command-line`).
    static func handleLocally(_ options: LaunchOptionsDictionary, application: Application) -> Int32 {
        if options.has("version") {
            print("\(AppInfo.name) \(AppInfo.version)")
            return 0
        }
        if options.has("list-shortcuts") {
            print(Shortcuts.listing, terminator: "")
            return 0
        }
        if let text = options.string("generate-users") {
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
        if request.quitAfterFirstFrame { application.makeNonUnique() }
        return -1
    }

    /// `--import` and `--export`, with their options; nil when neither is asked for.
    private static func transfer(_ options: LaunchOptionsDictionary) -> Int32? {
        let importing = options.filename("import")
        let exporting = options.filename("export")
        let encoding = options.string("encoding")
        let separator = options.string("separator")
        let search = options.string("search")
        if importing != nil, exporting != nil { return refuse(L("--import and --export are asked for one at a time.")) }
        if let path = importing {
            guard search == nil else { return refuse(L("--search goes with --export.")) }
            let chosenEncoding = encoding.map(TextEncoding.init(commandLineName:))
            if chosenEncoding == .some(nil) {
                return refuse(
                    L("--encoding needs one of: {names}.").filling(["names": TextEncoding.allCases.map(\.rawValue).joined(separator: ", ")])
                )
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
}

@MainActor
extension LaunchOptions.Request {
    /// The request in a parsed options dictionary (this launch's, or a later one's, forwarded).
    init(_ options: LaunchOptionsDictionary) {
        page = options.string("page")
        quitAfterFirstFrame = options.has("quit-after-first-frame")
        files = options.remainingFilenames
        if !files.isEmpty, page == nil { page = "users" }  // where files are imported
    }
}
