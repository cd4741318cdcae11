import CGtk
import Glibc
import GtkKit
import TriadModel

// `make bench` helper for figures measured inside one process. Prints one line per figure.
//   triad-bench                 password verification time; the longest main-loop stall while a
//                               login is checked on a worker (as the app does) and on the loop
//   triad-bench search DB [--idle-latch]
//                               search keystrokes over the users in DB, each timed from the key event
//                               to the letter, the first rows and the whole result drawn (with
//                               --idle-latch, the rest of a long result is collected at the next idle
//                               moment rather than after the frame that shows its first rows)
//   triad-bench scroll DB       the longest main-loop stall while scrolling DB's users top to bottom
//   triad-bench import CSV DB [ENCODING [SEPARATOR]]
//                               time and peak memory of importing CSV into DB (as the preview reads it,
//                               or as ENCODING and SEPARATOR say)
//   triad-bench preview FILE    time of the import preview of FILE (head read, detected, parsed)
//   triad-bench observe         one change of the note's text told to observers and to notification
//                               listeners, and the registry used from another module (ObservationFigures.swift)
//   triad-bench signals [COUNT [ROUNDS]]
//                               GtkKit's typed signals against g_signal_connect: connecting and
//                               emitting, with the Messages pane's watcher absent and present
//   triad-bench handles [COUNT [ROUNDS]]
//                               a widget read through its handle against GTK's call (HandleFigures.swift)
//   triad-bench objects [COUNT [ROUNDS]]
//                               the Objects tab reading COUNT live lesson objects again, and one's chain
//                               of references (ObjectsFigures.swift)
//   triad-bench session [COUNT [ROUNDS]]
//                               a saved session of COUNT messages opened as Open Session… opens it
//                               (SessionFigures.swift)

let arguments = CommandLine.arguments
do {
    switch arguments.count > 1 ? arguments[1] : "" {
    case "search" where arguments.count > 2:
        let idleLatch = arguments.dropFirst(3).contains("--idle-latch")
        try MainActor.assumeIsolated { try searchFigures(arguments[2], idleLatch: idleLatch) }
    case "scroll" where arguments.count > 2: try MainActor.assumeIsolated { try scrollFigures(arguments[2]) }
    case "import" where arguments.count > 3:
        importFigures(
            arguments[2], arguments[3], encoding: arguments.count > 4 ? arguments[4] : nil,
            separator: arguments.count > 5 ? arguments[5] : nil)
    case "preview" where arguments.count > 2: previewFigures(arguments[2])
    case "observe": try MainActor.assumeIsolated { try observationFigures() }
    case "signals":
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000
        let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 15 : 15
        MainActor.assumeIsolated { signalFigures(count: count, rounds: rounds) }
    case "handles":
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
        let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 21 : 21
        MainActor.assumeIsolated { handleFigures(count: count, rounds: rounds) }
    case "objects":
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
        let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 21 : 21
        MainActor.assumeIsolated { objectFigures(count: count, rounds: rounds) }
    case "session":
        let count = arguments.count > 2 ? Int(arguments[2]) ?? 10_000 : 10_000
        let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 11 : 11
        try sessionFigures(count: count, rounds: rounds)
    default: loginFigures()
    }
} catch {
    print("triad-bench: \(error)")
    exit(1)
}
