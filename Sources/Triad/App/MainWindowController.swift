import CGtk
import Glibc
import GtkKit
import TriadModel

/// The main window: header bar, sidebar, and the stack of feature pages. It builds each page
/// the first time it is shown and asks the visible page before leaving it or closing.
@MainActor
final class MainWindowController {
    private let ui: UIDescription
    let window: UnsafeMutablePointer<GtkWindow>
    private let stack: UnsafeMutablePointer<GtkStack>
    private let header: UnsafeMutablePointer<GtkHeaderBar>
    private let noticeBar: UnsafeMutablePointer<GtkInfoBar>
    private let services: AppServices
    private let entries: [PageEntry]
    private var controllers: [String: PageController] = [:]
    private var shownPage: String?
    private var switchingBack = false
    private var closeConfirmed = false
    private var noteEdited: ObservationToken?
    private var geometry: WindowGeometry?

    init(application: UnsafeMutablePointer<GtkApplication>, services: AppServices, pages: [PageEntry],
         firstPage: String? = nil) {
        do { ui = try UIDescription(resource: AppInfo.ui("window.ui")) } catch { fatalError("\(error)") }
        window = ui.get("window")
        stack = ui.get("stack")
        header = ui.get("header")
        noticeBar = ui.get("notice_bar")
        self.services = services
        entries = pages
        gtk_window_set_application(window, application)
        geometry = WindowGeometry(window: window)
        ui.widget("sidebar").setAccessibleName(L("Features"))
        ui.widget("menu_button").setAccessibleName(L("Main menu"))
        ui.widget("notice_label").setAccessibleName(L("Notice"))

        for entry in pages {
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_show(placeholder)
            gtk_stack_add_titled(stack, placeholder, entry.name, entry.title)
        }
        addAction(to: window, "close") { [weak self] in self?.requestClose() }
        for entry in pages {  // Alt+1…: go to a page (asks the current page first, as a click does)
            addAction(to: window, "page-\(entry.name)") { [weak self] in
                guard let self else { return }
                gtk_stack_set_visible_child_name(self.stack, entry.name)
            }
        }
        stack.on("notify::visible-child-name", withArgument: { [weak self] _ in self?.visiblePageChanged() })
        window.on("delete-event", returning: { [weak self] _ in
            guard let self else { return false }
            return !self.mayClose()  // true keeps the window open
        })
        noticeBar.on("response", withArgument: { [weak self] _ in self?.noticeBar.isVisible = false })
        if let firstPage, pages.contains(where: { $0.name == firstPage }) {
            gtk_stack_set_visible_child_name(stack, firstPage)
        }
        visiblePageChanged()
        if let notice = services.startupNotice { showNotice(notice) }
        // Seed 004's other channel: a notification, posted by the model, heard by the window.
        noteEdited = services.hub.listen(.noteChanged) { [weak self] in
            guard let self else { return }
            gtk_header_bar_set_subtitle(self.header, L("Note edited"))
        }
    }

    func present() { gtk_window_present(window) }

    /// Ctrl+W, Ctrl+Q: closes the window the same way its close button does.
    func requestClose() { gtk_window_close(window) }

    /// Shows a message above the pages until the user closes it.
    func showNotice(_ text: String) {
        ui.get("notice_label", as: GtkLabel.self).text = text
        noticeBar.isVisible = true
    }

    /// Benchmark/smoke mode: once the first frame is drawn, print timings and quit. On the
    /// Users page, the first frame that shows rows (or the empty state) counts.
    func quitAfterFirstFrame() {
        var reported = false
        var ready = false
        let contentShown: @MainActor () -> Void = { [weak self] in
            ready = true
            if let self { gtk_widget_queue_draw(self.window.widget) }
        }
        if let shownPage, let controller = controllers[shownPage] {
            controller.whenContentShown(contentShown)
        } else {
            contentShown()
        }
        window.on("draw", after: true, returning: { [weak self] _ in
            guard ready, !reported else { return false }
            reported = true
            // Quit from an idle callback so the frame that triggered this draw is completed.
            MainLoop.hop { [weak self] in
                print(FirstFrameReport.line())
                fflush(nil)
                guard let self else { return }
                g_application_quit(gtk_window_get_application(self.window).cast())
            }
            return false
        })
    }

    // MARK: Pages

    private func visiblePageChanged() {
        guard !switchingBack, let name = gtk_stack_get_visible_child_name(stack).map({ String(cString: $0) }) else { return }
        if let previous = shownPage, previous != name, let controller = controllers[previous] {
            let proceed = controller.pageShouldClose { [weak self] in self?.show(page: name) }
            if !proceed {
                show(page: previous)  // stay until the user has answered
                return
            }
        }
        show(page: name)
    }

    private func show(page name: String) {
        switchingBack = true
        gtk_stack_set_visible_child_name(stack, name)
        switchingBack = false
        shownPage = name
        guard let controller = controller(for: name) else { return }
        if let entry = entries.first(where: { $0.name == name }) { gtk_header_bar_set_subtitle(header, entry.title) }
        if let button = controller.defaultButton { gtk_widget_grab_default(button) }
        controller.pageDidAppear()
    }

    private func controller(for name: String) -> PageController? {
        if let existing = controllers[name] { return existing }
        guard let entry = entries.first(where: { $0.name == name }),
              let placeholder = gtk_stack_get_child_by_name(stack, name) else { return nil }
        let context = PageContext(services: services, window: window.widget)
        do {
            let controller = try entry.make(context)
            gtk_container_add(placeholder.cast(), controller.root)
            controllers[name] = controller
            return controller
        } catch {
            showNotice(L("This page could not be loaded: {reason}").filling(["reason": "\(error)"]))
            return nil
        }
    }

    // MARK: Closing

    /// The window's *should close*: every built page must agree (each may ask the user first).
    private func mayClose() -> Bool {
        if closeConfirmed { return true }
        for (name, controller) in controllers {
            let proceed = controller.pageShouldClose { [weak self] in
                // The user answered Save or Discard: close for real, asking no one twice.
                self?.closeConfirmed = true
                self?.requestClose()
            }
            if !proceed {
                if name != shownPage { show(page: name) }
                return false
            }
        }
        return true
    }
}

/// The `--quit-after-first-frame` line: milliseconds since the process started, and the
/// monotonic clock (µs) so a benchmark harness can compute start→frame from its own clock.
enum FirstFrameReport {
    static func line() -> String {
        let now = g_get_monotonic_time()
        return "first-frame-ms=\(millisecondsSinceProcessStart()) monotonic-us=\(now)"
    }

    /// From /proc/self/stat's start time (clock ticks after boot) and CLOCK_BOOTTIME.
    private static func millisecondsSinceProcessStart() -> Int {
        guard let file = fopen("/proc/self/stat", "r") else { return -1 }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = fread(&buffer, 1, buffer.count, file)
        let line = String(decoding: buffer[..<count], as: UTF8.self)
        // Fields after the command name (which is in parentheses and may hold spaces).
        guard let close = line.lastIndex(of: ")") else { return -1 }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return -1 }  // field 22: starttime
        var uptime = timespec()
        clock_gettime(CLOCK_BOOTTIME, &uptime)
        let started = ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        let now = Double(uptime.tv_sec) + Double(uptime.tv_nsec) / 1e9
        return Int(((now - started) * 1000).rounded())
    }
}
