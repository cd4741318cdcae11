import CGtk

// Windows and dialogs, the answers a dialog gives, and the application that owns the windows.

/// A toplevel window: GtkWindow and its subclasses (dialogs).
public protocol WindowProtocol: ContainerProtocol {}

/// A window (GtkWindow).
public struct Window: WindowProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_window_get_type() }

    /// A new, empty toplevel window (hold it with `Owned(window:)`).
    @MainActor public init(title: String, width: Int, height: Int) {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(window.cast(), title)
        gtk_window_set_default_size(window.cast(), gint(width), gint(height))
        self.init(unchecked: ObjectPointer(window))
    }
}

extension WindowProtocol {
    var gtkWindow: UnsafeMutablePointer<GtkWindow> { pointer.typed() }

    /// This window as a plain `Window`.
    public var asWindow: Window { Window(unchecked: pointer) }

    /// Shows the window and brings it to the front.
    @MainActor public func present() { gtk_window_present(gtkWindow) }

    /// Asks the window to close, as its close button does (its owner may say "not yet").
    @MainActor public func close() { gtk_window_close(gtkWindow) }

    /// The title in its title bar.
    @MainActor public var title: String {
        get { string(gtk_window_get_title(gtkWindow)) }
        nonmutating set { gtk_window_set_title(gtkWindow, newValue) }
    }

    /// Keeps it above `parent` (a dialog above its window) and centred on it.
    @MainActor public func setTransient(for parent: Window) { gtk_window_set_transient_for(gtkWindow, parent.gtkWindow) }

    /// Whether it blocks the other windows of the app while it is open.
    @MainActor public var isModal: Bool {
        get { gtk_window_get_modal(gtkWindow) != 0 }
        nonmutating set { gtk_window_set_modal(gtkWindow, gbool(newValue)) }
    }

    /// The application it belongs to (its accelerators reach a window that belongs to it).
    @MainActor public var application: Application? {
        get { gtk_window_get_application(gtkWindow).map { Application(unchecked: ObjectPointer($0)) } }
        nonmutating set { gtk_window_set_application(gtkWindow, newValue?.pointer.typed()) }
    }

    /// Makes the mnemonics of widgets just added to it answer at once. GTK takes a label's
    /// mnemonic into its window as the label joins it, but looks key presses up in a table it
    /// rebuilds only when the main loop is next idle, after input and redraws: until then an
    /// Alt+letter for the new widgets finds nothing, and is lost. `keys-changed` is the signal
    /// whose handler rebuilds that table. A window not yet on screen takes no key, so the parts a
    /// start builds before it shows skip the rebuild.
    @MainActor public func updateKeys() {
        guard isRealized else { return }
        var instance = GValue()
        g_value_init(&instance, gtk_window_get_type())
        defer { g_value_unset(&instance) }
        g_value_set_object(&instance, pointer.raw)
        g_signal_emitv(&instance, g_signal_lookup("keys-changed", gtk_window_get_type()), 0, nil)
    }

    /// The widget that has the keyboard focus in it.
    @MainActor public var focusedWidget: Widget? { gtk_window_get_focus(gtkWindow).map { Widget(unchecked: ObjectPointer($0)) } }

    /// The widget Enter activates.
    @MainActor public var defaultWidget: Widget? {
        gtk_window_get_default_widget(gtkWindow).map { Widget(unchecked: ObjectPointer($0)) }
    }

    /// Whether it is maximized.
    @MainActor public var isMaximized: Bool { gtk_window_is_maximized(gtkWindow) != 0 }
    /// Maximizes it.
    @MainActor public func maximize() { gtk_window_maximize(gtkWindow) }

    /// Its size, without the frame the window manager draws.
    @MainActor public var size: (width: Int, height: Int) {
        var width: gint = 0
        var height: gint = 0
        gtk_window_get_size(gtkWindow, &width, &height)
        return (Int(width), Int(height))
    }

    /// Makes it this size, without the frame.
    @MainActor public func resize(width: Int, height: Int) { gtk_window_resize(gtkWindow, gint(width), gint(height)) }
    /// The size it opens at.
    @MainActor public func setDefaultSize(width: Int, height: Int) { gtk_window_set_default_size(gtkWindow, gint(width), gint(height)) }

    /// The usable area of the monitor it is on (without panels), or nil before it is shown.
    @MainActor public var monitorWorkArea: (width: Int, height: Int)? {
        guard let display = gtk_widget_get_display(gtkWidget), let surface = gtk_widget_get_window(gtkWidget),
            let monitor = gdk_display_get_monitor_at_window(display, surface)
        else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        return (Int(area.width), Int(area.height))
    }

    /// Whether the person is using this window now (it has the keyboard).
    @MainActor public var isActive: Bool { gtk_window_is_active(gtkWindow) != 0 }
}

/// Something that answers with a response: a dialog, an info bar, a file chooser.
public protocol RespondingProtocol: ObjectHandle {}

/// A dialog window: GtkDialog and its subclasses.
public protocol DialogProtocol: WindowProtocol, RespondingProtocol {}

/// A dialog window (GtkDialog): its buttons answer with a ``Response``.
public struct Dialog: DialogProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_dialog_get_type() }
}

extension DialogProtocol {
    /// Makes the buttons that answer `response` usable or not (Register while a registration is
    /// being stored).
    @MainActor public func setResponse(_ response: Response, enabled: Bool) {
        gtk_dialog_set_response_sensitive(pointer.typed(), response.rawValue, gbool(enabled))
    }

    /// The answer Enter gives.
    @MainActor public func setDefaultResponse(_ response: Response) {
        gtk_dialog_set_default_response(pointer.typed(), response.rawValue)
    }

    /// The header bar of a dialog that uses one (`use-header-bar` in its `.ui` file).
    @MainActor public var headerBar: HeaderBar? {
        gtk_dialog_get_header_bar(pointer.typed()).map { HeaderBar(unchecked: ObjectPointer($0)) }
    }
}

/// A dialog's answer: which of its buttons was pressed, or that it was closed.
public struct Response: RawRepresentable, Hashable, Sendable {
    /// GTK's response number.
    public let rawValue: Int32
    /// The response GTK numbers `rawValue` (an app's own are positive).
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// OK (Register, in the registration dialog).
    public static let ok = Response(rawValue: GTK_RESPONSE_OK.rawValue)
    /// Cancel.
    public static let cancel = Response(rawValue: GTK_RESPONSE_CANCEL.rawValue)
    /// Accept (Save, in a question; Open or Save, in a file chooser).
    public static let accept = Response(rawValue: GTK_RESPONSE_ACCEPT.rawValue)
    /// Reject (Discard, in a question).
    public static let reject = Response(rawValue: GTK_RESPONSE_REJECT.rawValue)
    /// Close.
    public static let close = Response(rawValue: GTK_RESPONSE_CLOSE.rawValue)
    /// Escape, or the window's close button.
    public static let deleteEvent = Response(rawValue: GTK_RESPONSE_DELETE_EVENT.rawValue)
}

// MARK: The application

/// The GtkApplication, its windows and its actions.
public struct Application: ObjectHandle {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_application_get_type() }

    /// The window the person used last.
    @MainActor public var activeWindow: Window? {
        gtk_application_get_active_window(pointer.typed()).map { Window(unchecked: ObjectPointer($0)) }
    }

    /// Sets the keyboard shortcuts of `action` ("app.quit", "win.close").
    @MainActor public func setAccelerators(_ accelerators: [String], for action: String) {
        var cStrings = accelerators.map { strdup($0) } + [nil]
        defer { for string in cStrings { free(string) } }
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(pointer.typed(), action, $0)
            }
        }
    }

    /// Ends the main loop (after the windows' own close requests, if the caller asked them).
    @MainActor public func quit() { g_application_quit(pointer.typed()) }

    /// Asks the session not to log out or suspend while `window`'s work runs (the session
    /// manager, or the Inhibit portal in the flatpak), until `allowEnding`; returns the ticket
    /// (0 when no session manager answers: nothing to release).
    @MainActor public func preventEnding(for window: Window, because reason: String) -> UInt32 {
        let flags = GTK_APPLICATION_INHIBIT_LOGOUT.rawValue | GTK_APPLICATION_INHIBIT_SUSPEND.rawValue
        return gtk_application_inhibit(pointer.typed(), window.gtkWindow, GtkApplicationInhibitFlags(flags), reason)
    }

    /// Lets the session log out or suspend again: releases `ticket`, from `preventEnding`.
    @MainActor public func allowEnding(_ ticket: UInt32) {
        if ticket != 0 { gtk_application_uninhibit(pointer.typed(), ticket) }
    }

    /// A desktop notification (the Notification portal in the flatpak, GNOME Shell's or the
    /// freedesktop service outside); a click on it activates the application. A later one with
    /// the same `id` replaces it.
    @MainActor public func sendNotification(id: String, title: String, body: String) {
        guard let notification = g_notification_new(title) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, body)
        g_application_send_notification(pointer.typed(), id, notification)
    }
}
