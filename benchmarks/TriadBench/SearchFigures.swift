import CGtk
import Glibc
import GtkKit
import TriadModel

/// Makes a window with the user list as the app has it: GtkKit's `Table` with the same columns (a
/// fixed-height tree view that holds the rows on screen, and a scrollbar), under a search entry.
@MainActor
func makeListWindow() -> (list: Table, search: Entry) {
    let window = Window(title: "Users", width: 860, height: 560)
    let box = Box(vertical: true, spacing: 6)
    let search = Entry(unchecked: ObjectPointer(gtk_search_entry_new()))
    let (list, widget) = Table.make(columns: [.init("Name", width: 220), .init("Age", width: 90), .init("E-mail", width: 280)])
    box.add(search)
    widget.expandsVertically = true
    box.add(widget)
    window.add(box)
    window.showAll()
    return (list, search)
}

/// A table's data source over a list of users, as the app's Users page is one.
@MainActor
final class UsersTableSource: TableDataSource {
    var users: UsersDataSource = UserList([])
    var numberOfRows: Int { users.count }
    func cells(forRow row: Int) -> [String] {
        guard let user = users.user(at: row).map(UserViewData.init) else { return [] }
        return [user.name, user.age, user.email]
    }
}

/// Runs `query` in the store and shows the result in `list`, as the app does; returns the count.
@MainActor
func show(_ database: Database, query: String, in list: Table, source: UsersTableSource) throws -> Int {
    source.users = StoreUserRows(ids: try UserSearch.matching(in: database, query: query), database: database)
    list.dataSource = source
    list.reloadData()
    return source.numberOfRows
}

/// The user list's view for the search figures: shows rows as the app's view does and notes when
/// the tree view has drawn the first rows of a search, and the whole result.
@MainActor
final class TimedUserView: UsersView {
    let (list, search) = makeListWindow()
    let source = UsersTableSource()
    private var loading = false
    var drawnFirst: Double?, drawnAll: Double?, finished = false, count = 0
    /// When the first rows of a search reached the main loop (the view was given them).
    var answeredFirst: Double?
    /// When the worker was let go to collect the rest of a long result.
    var collecting: Double?
    private var waitingForDraw = false

    /// When the search field was drawn with the typed letter.
    var letterDrawn: Double?
    init() {
        list.dataSource = source
        list.treeView.on(.draw, after: true, target: self, action: TimedUserView.drawn)
        search.on(.draw, after: true, target: self, action: TimedUserView.searchFieldDrawn)
    }

    private func searchFieldDrawn(_: Canvas) -> Bool {
        if letterDrawn == nil { letterDrawn = now() }
        return false
    }

    private func drawn(_: Canvas) -> Bool {
        guard waitingForDraw else { return false }
        waitingForDraw = false
        let t = now()
        if drawnFirst == nil { drawnFirst = t }
        if finished { drawnAll = t }
        return false
    }

    func reset() {
        drawnFirst = nil
        drawnAll = nil
        answeredFirst = nil
        collecting = nil
        letterDrawn = nil
        finished = false
        count = 0
    }

    /// Shows the users as the app's page does: the whole of a long list after its first rows
    /// keeps the position.
    private func show(_ users: UsersDataSource) {
        let continuing = count > 0 && !finished
        if answeredFirst == nil { answeredFirst = now() }
        source.users = users
        list.reloadData(keepingPosition: continuing)
        count = users.count
        finished = !loading
        waitingForDraw = true
    }

    func startLoading() {
        loading = true
        count = 0
    }
    func finishLoading() { loading = false }
    func setUsers(_ users: UsersDataSource) { show(users) }
    func setEmptyUsers() { show(UserList([])) }
    func showError(_ message: String) {
        print("error: \(message)")
        exit(1)
    }
}

/// Search keystrokes through the app's own path, timed from the key event: a key event in GDK's
/// queue for the search entry, whose `changed` goes to the presenter, the store service (one
/// search at a time) on its worker thread, the hop back to the main loop, the table, drawn.
@MainActor
func searchFigures(_ path: String, idleLatch: Bool = false) throws {
    guard gtk_init_check(nil, nil) != 0 else {
        print("no display")
        exit(1)
    }
    let database = try Database(path: path, readOnly: true)
    let view = TimedUserView()
    // As the app's users page makes it (AppServices.userService, UsersPage): the rest of a long
    // result is collected once the list's frame is drawn. With `idleLatch`, at the next idle
    // moment instead, as before that wait was tied to the frame clock: the baseline.
    let frames = NextFrame()
    frames.watch(view.list.treeView)
    let service = StoreUserService(
        path: path, mainDatabase: database,
        deliver: { work in MainLoop.hop(beforeDrawing: true, work) },
        afterDrawing: { work in
            MainLoop.hop(beforeDrawing: true) {
                let opened: @Sendable @MainActor () -> Void = {
                    if view.collecting == nil { view.collecting = now() }
                    work()
                }
                if idleLatch { MainLoop.hop(opened) } else { frames.run(opened) }
            }
        })
    let presenter = UsersPresenter(service: OneSearchAtATime(service))
    presenter.attachView(view)
    presenter.getUsers()
    MainLoop.drain(until: { view.drawnAll != nil }, timeoutSeconds: 30)
    let entry = view.search
    entry.on(.changed) { presenter.getUsers(matching: entry.text) }
    // No window manager under Xvfb: the window takes the keyboard focus itself.
    gdk_window_focus(
        gtk_widget_get_window(gtk_widget_get_toplevel(entry.pointer.raw.assumingMemoryBound(to: GtkWidget.self))), UInt32(GDK_CURRENT_TIME))
    entry.grabFocus()
    MainLoop.drain(timeoutSeconds: 0.5)
    // Typing "mila" and "user12345" key by key, and erasing each: one keystroke each.
    let backspace = UInt32(0xFF08)  // GDK_KEY_BackSpace
    let keys =
        (Array("mila").map { gdk_unicode_to_keyval(UInt32($0.unicodeScalars.first!.value)) } + Array(repeating: backspace, count: 4)
            + Array("user12345").map { gdk_unicode_to_keyval(UInt32($0.unicodeScalars.first!.value)) }
            + Array(repeating: backspace, count: 9)
            + [gdk_unicode_to_keyval(UInt32(UnicodeScalar("a").value))])
    for key in keys {
        // A tenth of a second between keys, as a fast typist's: the key finds GDK's frame clock
        // idle, as a person's key does (right after a frame it would wait for the next refresh).
        MainLoop.drain(timeoutSeconds: 0.1)
        view.reset()
        let start = now()
        press(key, in: entry)
        MainLoop.drain(until: { view.drawnAll != nil }, timeoutSeconds: 30)
        guard let first = view.drawnFirst, let all = view.drawnAll else {
            print("search did not finish: entry holds \"\(entry.text)\", \(view.count) rows")
            exit(1)
        }
        guard let letter = view.letterDrawn else {
            print("the search field was not drawn")
            exit(1)
        }
        let answered = view.answeredFirst.map { tenths($0 - start) } ?? "-"
        let collecting = view.collecting.map { tenths($0 - start) } ?? "-"
        print(
            "search-keystroke query=\"\(entry.text)\" rows=\(view.count) letter-ms=\(tenths(letter - start)) answer-ms=\(answered) "
                + "first-rows-ms=\(tenths(first - start)) collecting-ms=\(collecting) all-rows-ms=\(tenths(all - start))")
    }
}

/// Puts a key press and its release for `keyval` into GDK's event queue, addressed to the
/// window of `widget`, as the display server's would arrive: the main loop takes them from there
/// through GTK's event handling (the window's focus widget, its input method, `changed`).
@MainActor
func press(_ keyval: UInt32, in entry: Entry) {
    let widget = entry.pointer.raw.assumingMemoryBound(to: GtkWidget.self)
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
            g_object_ref(UnsafeMutableRawPointer(window))  // the event owns a reference, given back by gdk_event_free
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
