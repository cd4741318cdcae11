import CGtk
import Glibc
import GtkKit
import TriadModel

// `make bench` helper for figures measured inside one process. Prints one line per figure.
//   triad-bench                 password verification time; the longest main-loop stall while a
//                               login is checked on a worker (as the app does) and on the loop
//   triad-bench search DB       a search keystroke over the users in DB: query + new list model
//   triad-bench scroll DB       the longest main-loop stall while scrolling DB's users top to bottom
//   triad-bench import CSV DB   time and peak memory of importing CSV into DB

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func milliseconds(_ value: Double) -> String { String(Int((value * 1000).rounded())) }

/// Runs the main loop with a 1 ms ticker while `start` kicks off `count` checks; returns the
/// longest gap between ticks, in seconds.
@MainActor
func longestStall(count: Int, start: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void) -> Double {
    final class State: @unchecked Sendable {
        var last = now(), longest = 0.0, remaining = 0, running = true
    }
    let state = State()
    state.remaining = count
    func tick() {
        let t = now()
        state.longest = max(state.longest, t - state.last)
        state.last = t
        if state.running { MainLoop.after(milliseconds: 1) { tick() } }
    }
    func next() {
        if state.remaining == 0 { state.running = false; return }
        state.remaining -= 1
        start { next() }
    }
    MainLoop.after(milliseconds: 1) { tick() }
    MainLoop.hop { next() }
    MainLoop.drain(until: { !state.running }, timeoutSeconds: 120)
    return state.longest
}

func loginFigures() {
    guard let hash = try? PasswordHasher.hash("correct horse battery") else {
        print("cannot hash"); exit(1)
    }
    var verifyTimes: [Double] = []
    for _ in 0..<10 {
        let start = now()
        _ = PasswordHasher.verify("correct horse battery", against: hash)
        verifyTimes.append(now() - start)
    }
    print("verify-ms median=\(milliseconds(median(verifyTimes))) min=\(milliseconds(verifyTimes.min() ?? 0)) max=\(milliseconds(verifyTimes.max() ?? 0)) runs=10")

    let (offLoop, onLoop) = MainActor.assumeIsolated { () -> (Double, Double) in
        let off = longestStall(count: 5) { done in
            BackgroundThread.start {  // as the app's Background.run: the thread, then the hop
                _ = PasswordHasher.verify("wrong", against: hash)
                MainLoop.hop { done() }
            }
        }
        let on = longestStall(count: 5) { done in
            _ = PasswordHasher.verify("wrong", against: hash)
            MainLoop.hop { done() }
        }
        return (off, on)
    }
    print("login-stall-ms worker=\(milliseconds(offLoop)) on-main-loop=\(milliseconds(onLoop)) checks=5")

}

/// Makes a window with the user list as the app has it: GtkKit's `WindowedList` with the same
/// columns (a fixed-height tree view that holds the rows on screen, and a scrollbar), under a
/// search entry.
@MainActor
func makeListWindow() -> (list: WindowedList, search: WidgetPointer) {
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(window.cast(), 860, 560)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
    let search = gtk_search_entry_new()!
    let (list, widget) = WindowedList.make(columns: [.init("Name", width: 220), .init("Age", width: 90), .init("E-mail", width: 280)])
    gtk_box_pack_start(box.cast(), search, 0, 0, 0)
    gtk_box_pack_start(box.cast(), widget, 1, 1, 0)
    gtk_container_add(window.cast(), box)
    gtk_widget_show_all(window)
    return (list, search)
}

/// Runs `query` in the store and shows the result in `list`, as the app does; returns the count.
@MainActor
func show(_ database: Database, query: String, in list: WindowedList) throws -> Int {
    let rows = StoreUserRows(ids: try UserSearch.matching(in: database, query: query), database: database)
    let data = UserListViewData(rows)
    list.setRows(count: data.count, cell: data.text(row:column:))
    return data.count
}

/// The user list's view for the search figures: shows rows as the app's view does and notes when
/// the tree view has drawn the first rows of a search, and the whole result.
@MainActor
final class TimedUserView: UserListView {
    let (list, search) = makeListWindow()
    var drawnFirst: Double?, drawnAll: Double?, finished = false, count = 0
    private var waitingForDraw = false

    /// When the search field was drawn with the typed letter.
    var letterDrawn: Double?
    init() {
        list.treeView.on(.draw, after: true, target: self, action: TimedUserView.drawn)
        search.on(.draw, after: true, target: self, action: TimedUserView.searchFieldDrawn)
    }

    private func searchFieldDrawn(_: OpaquePointer) -> Bool {
        if letterDrawn == nil { letterDrawn = now() }
        return false
    }

    private func drawn(_: OpaquePointer) -> Bool {
        guard waitingForDraw else { return false }
        waitingForDraw = false
        let t = now()
        if drawnFirst == nil { drawnFirst = t }
        if finished { drawnAll = t }
        return false
    }

    func reset() { drawnFirst = nil; drawnAll = nil; letterDrawn = nil; finished = false; count = 0 }

    private func show(_ users: UserListViewData, final: Bool) {
        list.setRows(count: users.count, keepingPosition: !final, cell: users.text(row:column:))
        count = users.count
        finished = final
        waitingForDraw = true
    }

    func startLoading() {}
    func finishLoading() {}
    func showProgress(_ fraction: Double) {}
    func setUsers(_ users: UserListViewData) { show(users, final: true) }
    func setFirstUsers(_ users: UserListViewData) { show(users, final: false) }
    func setEmptyUsers() { show(UserListViewData(ArrayUserRows([])), final: true) }
    func showError(_ message: String) { print("error: \(message)"); exit(1) }
}

/// Search keystrokes through the app's own path, timed from the key event: XTest presses the
/// key in the search entry, whose `changed` goes, once per main-loop turn as in the app, to the
/// presenter, the store service on its worker thread, the hop back to the main loop, the
/// windowed list, drawn. `waitingForRows` false is the baseline: the main loop does not wait for
/// the first rows (see `UsersPageController.search`), so GDK draws the letter before they come.
@MainActor
func searchFigures(_ path: String, waitingForRows: Bool = true) throws {
    guard gtk_init_check(nil, nil) != 0 else { print("no display"); exit(1) }
    let database = try Database(path: path, readOnly: true)
    let view = TimedUserView()
    let presenter = UserListPresenter(service: StoreUserService(path: path, mainDatabase: { database },
                                                                   afterDrawing: { work in MainLoop.hop(work) }),
                                  deliver: { work in MainLoop.hop(beforeDrawing: true, work) })  // as the app's
    presenter.attachView(view)
    presenter.getUsers()
    MainLoop.drain(until: { view.drawnAll != nil }, timeoutSeconds: 30)
    let typing = OncePerTurn()
    let entry = view.search
    entry.on(.changed) {
        typing.schedule {  // as UsersPageController.search
            MainLoop.waitForAnswer(within: waitingForRows ? 10 : 0) { presenter.search(String(cString: gtk_entry_get_text(entry.cast()))) }
        }
    }
    // No window manager under Xvfb: the window takes the keyboard focus itself.
    gdk_window_focus(gtk_widget_get_window(gtk_widget_get_toplevel(entry)), UInt32(GDK_CURRENT_TIME))
    gtk_widget_grab_focus(entry)
    MainLoop.drain(timeoutSeconds: 0.5)
    var firstTimes: [Double] = [], allTimes: [Double] = []
    // Typing "mila" and "user12345" key by key, and erasing each: one keystroke each.
    let backspace = UInt32(0xFF08)  // GDK_KEY_BackSpace
    let keys = (Array("mila").map { gdk_unicode_to_keyval(UInt32($0.unicodeScalars.first!.value)) } + Array(repeating: backspace, count: 4)
                + Array("user12345").map { gdk_unicode_to_keyval(UInt32($0.unicodeScalars.first!.value)) } + Array(repeating: backspace, count: 9)
                + [gdk_unicode_to_keyval(UInt32(UnicodeScalar("a").value))])
    var letterTimes: [Double] = []
    for key in keys {
        // A tenth of a second between keys, as a fast typist's: the key finds GDK's frame clock
        // idle, as a person's key does (right after a frame it would wait for the next refresh).
        MainLoop.drain(timeoutSeconds: 0.1)
        view.reset()
        let start = now()
        press(key, in: entry)
        MainLoop.drain(until: { view.drawnAll != nil }, timeoutSeconds: 30)
        guard let first = view.drawnFirst, let all = view.drawnAll else {
            print("search did not finish: entry holds \"\(String(cString: gtk_entry_get_text(entry.cast())))\", \(view.count) rows"); exit(1)
        }
        guard let letter = view.letterDrawn else { print("the search field was not drawn"); exit(1) }
        letterTimes.append(letter - start)
        firstTimes.append(first - start)
        allTimes.append(all - start)
        let query = String(cString: gtk_entry_get_text(entry.cast()))
        print("search-keystroke query=\"\(query)\" rows=\(view.count) first-rows-ms=\(milliseconds(first - start)) all-rows-ms=\(milliseconds(all - start)) letter-ms=\(milliseconds(letter - start))")
    }
    print("search-first-rows-ms median=\(milliseconds(median(firstTimes))) max=\(milliseconds(firstTimes.max() ?? 0)) keystrokes=\(keys.count)")
    print("search-all-rows-ms median=\(milliseconds(median(allTimes))) max=\(milliseconds(allTimes.max() ?? 0)) keystrokes=\(keys.count)")
    print("search-letter-ms median=\(milliseconds(median(letterTimes))) max=\(milliseconds(letterTimes.max() ?? 0)) keystrokes=\(keys.count)")
}

/// Puts a key press and its release for `keyval` into GDK's event queue, addressed to the
/// window of `widget`, as the display server's would arrive: the main loop takes them from there
/// through GTK's event handling (the window's focus widget, its input method, `changed`).
@MainActor
func press(_ keyval: UInt32, in widget: WidgetPointer) {
    guard let window = gtk_widget_get_window(gtk_widget_get_toplevel(widget)) else { return }
    var keys: UnsafeMutablePointer<GdkKeymapKey>?
    var count: Int32 = 0
    gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(gdk_display_get_default()), keyval, &keys, &count)
    let keycode = count > 0 ? UInt16(keys![0].keycode) : 0
    g_free(keys)
    for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
        guard let event = gdk_event_new(type) else { return }
        event.withMemoryRebound(to: GdkEventKey.self, capacity: 1) { key in
            key.pointee.window = window
            g_object_ref(window.gpointer)  // the event owns a reference, given back by gdk_event_free
            key.pointee.send_event = 0
            key.pointee.time = UInt32(GDK_CURRENT_TIME)
            key.pointee.keyval = keyval
            key.pointee.hardware_keycode = keycode
            key.pointee.state = 0
        }
        gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(gdk_display_get_default())))
        gdk_event_put(event)
        gdk_event_free(event)
    }
}

@MainActor
func scrollFigures(_ path: String) throws {
    guard gtk_init_check(nil, nil) != 0 else { print("no display"); exit(1) }
    let database = try Database(path: path, readOnly: true)
    let list = makeListWindow().list
    let count = try show(database, query: "", in: list)
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

let arguments = CommandLine.arguments
do {
    switch arguments.count > 1 ? arguments[1] : "" {
    case "search" where arguments.count > 2:
        // "no-wait": the baseline, without the main loop's wait for the first rows.
        try MainActor.assumeIsolated { try searchFigures(arguments[2], waitingForRows: !arguments.contains("no-wait")) }
    case "scroll" where arguments.count > 2: try MainActor.assumeIsolated { try scrollFigures(arguments[2]) }
    case "import" where arguments.count > 3: importFigures(arguments[2], arguments[3])
    default: loginFigures()
    }
} catch {
    print("triad-bench: \(error)")
    exit(1)
}
