import CGtk

// Small typed helpers over GTK calls the app makes often; each is a one-liner around the C API
// so controllers read as Swift, not as pointer arithmetic.

extension UnsafeMutablePointer {
    // MARK: Accessibility

    /// Sets the accessible name (what screen readers say and what AT-SPI tests look up); while
    /// the first window is being built, once it has drawn its first frame (AccessibleNames.swift).
    @MainActor public func setAccessibleName(_ name: String) {
        AccessibleNames.give(name, to: widget)
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
