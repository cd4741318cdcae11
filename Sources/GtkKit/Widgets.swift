import CGtk

// Small typed helpers over GTK calls the app makes often; each is a one-liner around the C API
// so controllers read as Swift, not as pointer arithmetic.

extension UnsafeMutablePointer {
    // MARK: Accessibility

    /// Sets the accessible name (what screen readers say and what AT-SPI tests look up) of a
    /// widget made in code; a `.ui` file names its widgets itself.
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
    /// The entry's text; setting it is a view update that `WidgetUpdates` hears of.
    @MainActor public var text: String {
        get { String(cString: gtk_entry_get_text(self)) }
        nonmutating set {
            gtk_entry_set_text(self, newValue)
            WidgetUpdates.watcher?(widget)
        }
    }
}

extension UnsafeMutablePointer where Pointee == GtkLabel {
    /// The label's text; setting it is a view update that `WidgetUpdates` hears of.
    @MainActor public var text: String {
        get { String(cString: gtk_label_get_text(self)) }
        nonmutating set {
            gtk_label_set_text(self, newValue)
            WidgetUpdates.watcher?(widget)
        }
    }
}

extension UnsafeMutablePointer where Pointee == GtkToggleButton {
    /// Whether the button is pressed in.
    @MainActor public var isActive: Bool {
        get { gtk_toggle_button_get_active(self) != 0 }
        nonmutating set { gtk_toggle_button_set_active(self, gbool(newValue)) }
    }
}

extension UnsafeMutablePointer where Pointee == GtkStack {
    /// The name of the child shown.
    @MainActor public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(self).map { String(cString: $0) } }
        nonmutating set { if let newValue { gtk_stack_set_visible_child_name(self, newValue) } }
    }
}

/// Where the views' text updates are told while someone watches them: the Messages pane sets
/// `watcher` while it is open, to make the widget flash.
@MainActor
public enum WidgetUpdates {
    public static var watcher: (@MainActor (WidgetPointer) -> Void)?
}

/// Escapes plain text for use in Pango markup.
public func escapeMarkup(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}

/// Sets one text cell of a GtkListStore row (`gtk_list_store_set` is variadic).
@MainActor public func setText(_ store: UnsafeMutablePointer<GtkListStore>, _ iter: inout GtkTreeIter, column: Int, _ text: String) {
    var value = GValue()
    g_value_init(&value, stringType)
    g_value_set_string(&value, text)
    gtk_list_store_set_value(store, &iter, Int32(column), &value)
    g_value_unset(&value)
}

/// Sets one whole-number cell of a GtkListStore row.
@MainActor public func setInteger(_ store: UnsafeMutablePointer<GtkListStore>, _ iter: inout GtkTreeIter, column: Int, _ number: Int32) {
    var value = GValue()
    g_value_init(&value, intType)
    g_value_set_int(&value, number)
    gtk_list_store_set_value(store, &iter, Int32(column), &value)
    g_value_unset(&value)
}

/// G_TYPE_STRING, G_TYPE_BOOLEAN and G_TYPE_INT, macros in C.
let stringType = GType(16 << G_TYPE_FUNDAMENTAL_SHIFT)
let booleanType = GType(5 << G_TYPE_FUNDAMENTAL_SHIFT)
let intType = GType(6 << G_TYPE_FUNDAMENTAL_SHIFT)
