import CGtk
import Glibc
import GtkKit
import TriadModel

@MainActor
func scrollFigures(_ path: String) throws {
    guard gtk_init_check(nil, nil) != 0 else { print("no display"); exit(1) }
    let database = try Database(path: path, readOnly: true)
    let list = makeListWindow().list
    let source = UsersTableSource()
    let count = try show(database, query: "", in: list, source: source)
    MainLoop.drain(timeoutSeconds: 0.5)
    let steps = 400
    var longest = 0.0
    var last = now()
    for step in 0...steps {
        list.scroll(toFirst: count * step / steps)
        // Process everything the jump caused (layout, row fetches, drawing).
        while g_main_context_iteration(nil, 0) != 0 {}
        let t = now()
        longest = max(longest, t - last)
        last = t
    }
    print("scroll-stall-ms max=\(milliseconds(longest)) steps=\(steps) rows=\(count) window-rows=\(list.windowRows)")
}

func importFigures(_ csv: String, _ databasePath: String) {
    let start = now()
    let result = UserImporter.run(path: csv, format: .csv, storePath: databasePath, cancel: CancelFlag()) { _ in }
    let elapsed = now() - start
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    switch result {
    case .success(let report):
        print("import-ms total=\(milliseconds(elapsed)) added=\(report.added) skipped=\(report.skippedCount) peak-rss-mb=\(usage.ru_maxrss / 1024)")
    case .failure(let error):
        print("import failed: \(error.message)")
        exit(1)
    }
}
