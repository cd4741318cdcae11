import TriadModel

/// What the command line asked for. Parsed before GTK starts so that `--version` and `--help`
/// work without a display.
struct LaunchOptions {
    /// `--quit-after-first-frame`: print timing of the first drawn frame and quit (benchmarks,
    /// smoke tests). Implies a non-unique instance so it never hands over to a running window.
    var quitAfterFirstFrame = false
    /// `--page NAME`: the page to show first (adder, address, login, users, note).
    var page: String?
    /// `--generate-users N`: add N synthetic users to the store, then exit.
    var generateUsers: Int?

    enum Outcome {
        case run(LaunchOptions)
        case exit(status: Int32, output: String)
    }

    static var usage: String {
        L("Usage: triad [OPTION…]") + "\n\n" +
        L("Options:") + "\n" +
        "  -h, --help                 " + L("Show this help and exit") + "\n" +
        "  --version                  " + L("Print the version and exit") + "\n" +
        "  --quit-after-first-frame   " + L("Quit once the first frame is drawn; print the milliseconds since process start") + "\n" +
        "  --page NAME                " + L("Show this page first: adder, address, login, users or note") + "\n" +
        "  --generate-users N         " + L("Add N synthetic users to the store (for demos and benchmarks) and exit") + "\n" +
        "  --list-shortcuts           " + L("Print every action's keyboard shortcuts and exit") + "\n\n" +
        L("Environment:") + "\n" +
        "  TRIAD_DATA_DIR             " + L("Folder for Triad's data (default: $XDG_DATA_HOME/io.github.triad.Triad)") + "\n"
    }

    static func parse(_ arguments: [String]) -> Outcome {
        var options = LaunchOptions()
        var remaining = arguments.dropFirst()[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .exit(status: 0, output: usage)
            case "--version": return .exit(status: 0, output: "\(AppInfo.name) \(AppInfo.version)\n")
            case "--quit-after-first-frame": options.quitAfterFirstFrame = true
            case "--list-shortcuts": return .exit(status: 0, output: MainActor.assumeIsolated { Shortcuts.listing })
            case "--page":
                guard let name = remaining.popFirst() else { return missingValue(argument) }
                options.page = name
            case "--generate-users":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 0 else { return missingValue(argument) }
                options.generateUsers = count
            default:
                let message = L("Unknown option: {option}").filling(["option": argument])
                return .exit(status: 2, output: message + "\n\n" + usage)
            }
        }
        return .run(options)
    }

    private static func missingValue(_ option: String) -> Outcome {
        .exit(status: 2, output: L("Option {option} needs a value").filling(["option": option]) + "\n\n" + usage)
    }
}
