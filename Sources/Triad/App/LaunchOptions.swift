import TriadModel

/// What the command line asked for. Parsed before GTK starts so that `--version` and `--help`
/// work without a display.
struct LaunchOptions {
    /// `--quit-after-first-frame`: print timing of the first drawn frame and quit (benchmarks,
    /// smoke tests). Implies a non-unique instance so it never hands over to a running window.
    var quitAfterFirstFrame = false

    enum Outcome {
        case run(LaunchOptions)
        case exit(status: Int32, output: String)
    }

    static var usage: String {
        L("Usage: triad [OPTION…]") + "\n\n" +
        L("Options:") + "\n" +
        "  -h, --help                 " + L("Show this help and exit") + "\n" +
        "  --version                  " + L("Print the version and exit") + "\n" +
        "  --quit-after-first-frame   " + L("Quit once the first frame is drawn; print the milliseconds since process start") + "\n\n" +
        L("Environment:") + "\n" +
        "  TRIAD_DATA_DIR             " + L("Folder for Triad's data (default: $XDG_DATA_HOME/io.github.triad.Triad)") + "\n"
    }

    static func parse(_ arguments: [String]) -> Outcome {
        var options = LaunchOptions()
        for argument in arguments.dropFirst() {
            switch argument {
            case "-h", "--help": return .exit(status: 0, output: usage)
            case "--version": return .exit(status: 0, output: "\(AppInfo.name) \(AppInfo.version)\n")
            case "--quit-after-first-frame": options.quitAfterFirstFrame = true
            default:
                let message = L("Unknown option: {option}").filling(["option": argument])
                return .exit(status: 2, output: message + "\n\n" + usage)
            }
        }
        return .run(options)
    }
}
