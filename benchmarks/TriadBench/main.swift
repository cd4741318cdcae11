import CGtk
import Glibc
import GtkKit
import TriadModel

// `make bench` helper for figures measured inside one process. Prints one line per figure.
//   triad-bench                 password verification time; the longest main-loop stall while a
//                               login is checked on a worker (as the app does) and on the loop
//   triad-bench search DB       a search keystroke over the users in DB: query + new list model
//   triad-bench scroll DB       the longest main-loop stall while scrolling DB's users top to bottom
//   triad-bench import CSV DB [ENCODING [SEPARATOR]]
//                               time and peak memory of importing CSV into DB (as the preview reads it,
//                               or as ENCODING and SEPARATOR say)
//   triad-bench preview FILE    time of the import preview of FILE (head read, detected, parsed)
//   triad-bench observe         one change of the note's text told to observers and to notification
//                               listeners, and the registry used from another module (ObservationFigures.swift)

let arguments = CommandLine.arguments
do {
    switch arguments.count > 1 ? arguments[1] : "" {
    case "search" where arguments.count > 2:
        try MainActor.assumeIsolated { try searchFigures(arguments[2]) }
    case "scroll" where arguments.count > 2: try MainActor.assumeIsolated { try scrollFigures(arguments[2]) }
    case "import" where arguments.count > 3:
        importFigures(
            arguments[2], arguments[3], encoding: arguments.count > 4 ? arguments[4] : nil,
            separator: arguments.count > 5 ? arguments[5] : nil)
    case "preview" where arguments.count > 2: previewFigures(arguments[2])
    case "observe": try MainActor.assumeIsolated { try observationFigures() }
    default: loginFigures()
    }
} catch {
    print("triad-bench: \(error)")
    exit(1)
}
