import CGtk

// Small typed helpers over GTK calls the app makes often; each is a one-liner around the C API
// so controllers read as Swift, not as pointer arithmetic.

extension UnsafeMutablePointer {
    // MARK: Accessibility

    /// Sets the accessible name (what screen readers say and what AT-SPI tests look up).
    @MainActor public func setAccessibleName(_ name: String) {
        atk_object_set_name(gtk_widget_get_accessible(widget), name)
    }

    /// Sets the accessible description; used to announce a field's error.
    @MainActor public func setAccessibleDescription(_ text: String) {
        atk_object_set_description(gtk_widget_get_accessible(widget), text)
    }

    // MARK: Style classes

    @MainActor public func setStyleClass(_ name: String, _ enabled: Bool) {
        let context = gtk_widget_get_style_context(widget)
        if enabled { gtk_style_context_add_class(context, name) } else { gtk_style_context_remove_class(context, name) }
    }

    @MainActor public func hasStyleClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }

    // MARK: Common properties

    @MainActor public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(widget, gbool(newValue)) }
    }

    @MainActor public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        nonmutating set { gtk_widget_set_visible(widget, gbool(newValue)) }
    }

    @MainActor public func grabFocus() { gtk_widget_grab_focus(widget) }
}

// MARK: Text of entries and labels

extension UnsafeMutablePointer where Pointee == GtkEntry {
    @MainActor public var text: String {
        get { String(cString: gtk_entry_get_text(self)) }
        nonmutating set { gtk_entry_set_text(self, newValue) }
    }
}

extension UnsafeMutablePointer where Pointee == GtkLabel {
    @MainActor public var text: String {
        get { String(cString: gtk_label_get_text(self)) }
        nonmutating set { gtk_label_set_text(self, newValue) }
    }
}

/// Escapes plain text for use in Pango markup.
public func escapeMarkup(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}

// MARK: Actions

/// Adds a stateless action `name` (e.g. "quit" becomes `app.quit`) to a `GActionMap` (the
/// application or a window) that runs `handler` when activated.
@MainActor @discardableResult
public func addAction(to map: GObjectPointer, _ name: String,
                      _ handler: @escaping @MainActor () -> Void) -> OpaquePointer {
    let action = g_simple_action_new(name, nil)!
    action.on("activate", withArgument: { _ in handler() })
    g_action_map_add_action(OpaquePointer(map.gpointer), action)
    g_object_unref(UnsafeMutableRawPointer(action))  // the map holds it now
    return action
}

/// Gives a secondary window (a dialog, a tool window) the window actions the application's
/// accelerators name: it joins `application` (whose accelerators then reach it) and gets its own
/// `win.close`, so Ctrl+W, set once for `win.close`, closes it as it closes the main window.
/// Closing goes through `gtk_window_close`, so a dialog answers as if its close button was used.
@MainActor
public func addCloseAction(to window: UnsafeMutablePointer<GtkWindow>,
                           application: UnsafeMutablePointer<GtkApplication>?) {
    if let application { gtk_window_set_application(window, application) }
    let group = g_simple_action_group_new()!
    // The action lives in the window's own group, so it cannot fire after the window is gone.
    addAction(to: group, "close") { gtk_window_close(window) }
    gtk_widget_insert_action_group(window.widget, "win", OpaquePointer(group))
    g_object_unref(UnsafeMutableRawPointer(group))
}
