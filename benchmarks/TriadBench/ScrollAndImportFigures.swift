import CGtk
import Glibc
import GtkKit
import TriadModel

@MainActor
func scrollFigures(_ path: String) throws {
    guard gtk_init_check(nil, nil) != 0 else {
        print("no display")
        exit(1)
    }
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

/// Imports CSV into the store at `databasePath` as the window does, read as `encoding` and split
/// at `separator` (detected by the preview when not given).
func importFigures(_ csv: String, _ databasePath: String, encoding: String? = nil, separator: String? = nil) {
    var options = ImportOptions(format: .csv)
    if let preview = try? ImportPreview.read(path: csv, format: .csv) { options = preview.importOptions }
    if let encoding { options.encoding = TextEncoding(commandLineName: encoding) ?? options.encoding }
    if let separator { options.separator = CSVSeparator(commandLineName: separator) ?? options.separator }
    let start = now()
    let result = UserImporter.run(path: csv, options: options, storePath: databasePath, cancel: CancelFlag()) { _ in }
    let elapsed = now() - start
    switch result {
    case .success(let report):
        print(
            "import-ms total=\(milliseconds(elapsed)) added=\(report.added) skipped=\(report.skippedCount) "
                + "encoding=\(options.encoding.rawValue) separator=\(options.separator.rawValue) peak-rss-mb=\(peakResidentKB() / 1024)")
    case .failure(let error):
        print("import failed: \(error.message)")
        exit(1)
    }
}

/// The import preview of `path`, as the window opens it: the head read, the character set,
/// separator and columns found and the first rows parsed. Median of `runs`.
func previewFigures(_ path: String, runs: Int = 21) {
    var times: [Double] = []
    var rows = 0
    for _ in 0..<runs {
        let start = now()
        guard let preview = try? ImportPreview.read(path: path, format: .csv) else {
            print("preview failed")
            exit(1)
        }
        times.append(now() - start)
        rows = preview.rows.count
    }
    print("preview-us median=\(Int((median(times) * 1e6).rounded())) max=\(Int(((times.max() ?? 0) * 1e6).rounded())) rows=\(rows)")
}

/// This process's peak resident memory (VmHWM), in kB. Not getrusage's ru_maxrss: a spawned
/// program's starts at its parent's resident size, as the floor programs' comment in bench.py says.
func peakResidentKB() -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        if strncmp(line, "VmHWM:", 6) == 0 { return line.withUnsafeBufferPointer { Int(strtol($0.baseAddress! + 6, nil, 10)) } }
    }
    return 0
}
