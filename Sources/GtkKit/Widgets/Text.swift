import CGtk

// Text: the fields a person types in and the labels that show what the app says. Setting a
// text is a view update, which the one watcher of GtkKit hears of while someone watches
// (Watching.swift); with nobody watching it costs one read.

/// A text field: GtkEntry and its subclasses (a search field).
public protocol EntryProtocol: WidgetProtocol {}

/// A single-line text field.
public struct Entry: EntryProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_entry_get_type() }
}

extension EntryProtocol {
    private var entry: UnsafeMutablePointer<GtkEntry> { pointer.typed() }

    /// What the field holds; setting it tells the watcher, as a view update.
    @MainActor public var text: String {
        get { string(gtk_entry_get_text(entry)) }
        nonmutating set {
            gtk_entry_set_text(entry, newValue)
            for watcher in Watching.watchers { watcher.widgetUpdated(widget) }
        }
    }

    /// The grey hint shown while the field is empty.
    @MainActor public var placeholder: String {
        get { string(gtk_entry_get_placeholder_text(entry)) }
        nonmutating set { gtk_entry_set_placeholder_text(entry, newValue) }
    }

    /// False for a password field: its characters show as dots.
    @MainActor public var isTextVisible: Bool {
        get { gtk_entry_get_visibility(entry) != 0 }
        nonmutating set { gtk_entry_set_visibility(entry, gbool(newValue)) }
    }

    /// The icon at the field's end (a password's eye), with its tooltip.
    @MainActor public func setEndIcon(named name: String, tooltip: String) {
        gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_SECONDARY, name)
        gtk_entry_set_icon_tooltip_text(entry, GTK_ENTRY_ICON_SECONDARY, tooltip)
    }

    /// Takes the focus and leaves the cursor and the selection where they were (a plain grab
    /// selects the whole text).
    @MainActor public func grabFocusKeepingSelection() { gtk_entry_grab_focus_without_selecting(entry) }
}

/// Text a person cannot edit: a caption, a result, a message.
public struct Label: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_label_get_type() }

    private var label: UnsafeMutablePointer<GtkLabel> { pointer.typed() }

    /// A new label, for a view that makes one in code.
    @MainActor public init(_ text: String = "") {
        self.init(unchecked: ObjectPointer(gtk_label_new(text)))
    }

    /// What the label shows; setting it tells the watcher, as a view update.
    @MainActor public var text: String {
        get { string(gtk_label_get_text(label)) }
        nonmutating set {
            gtk_label_set_text(label, newValue)
            for watcher in Watching.watchers { watcher.widgetUpdated(widget) }
        }
    }

    /// Whether the text can be selected and copied.
    @MainActor public var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        nonmutating set { gtk_label_set_selectable(label, gbool(newValue)) }
    }

    /// Long text breaks into lines at words (at most `maxCharacters` wide, if given).
    @MainActor public func wrap(maxCharacters: Int? = nil) {
        gtk_label_set_line_wrap(label, 1)
        if let maxCharacters { gtk_label_set_max_width_chars(label, gint(maxCharacters)) }
    }

    /// Text too long for the label ends in "…" (at most `maxCharacters` wide, if given); the
    /// whole text is still what a screen reader reads.
    @MainActor public func ellipsize(maxCharacters: Int? = nil) {
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_END)
        if let maxCharacters { gtk_label_set_max_width_chars(label, gint(maxCharacters)) }
    }

    /// Where the text sits across the label: 0 at the start, 1 at the end.
    @MainActor public var horizontalAlignment: Float {
        get { gtk_label_get_xalign(label) }
        nonmutating set { gtk_label_set_xalign(label, newValue) }
    }
}

/// A multi-line text field.
public struct TextView: WidgetProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_text_view_get_type() }

    private var view: UnsafeMutablePointer<GtkTextView> { pointer.typed() }

    /// A new, empty text view.
    @MainActor public init() { self.init(unchecked: ObjectPointer(gtk_text_view_new())) }

    /// The text it shows and edits.
    @MainActor public var buffer: TextBuffer { TextBuffer(unchecked: ObjectPointer(gtk_text_view_get_buffer(view))) }

    /// Whether the person can change the text.
    @MainActor public var isEditable: Bool {
        get { gtk_text_view_get_editable(view) != 0 }
        nonmutating set { gtk_text_view_set_editable(view, gbool(newValue)) }
    }

    /// Shown in the monospace font (code).
    @MainActor public var isMonospace: Bool {
        get { gtk_text_view_get_monospace(view) != 0 }
        nonmutating set { gtk_text_view_set_monospace(view, gbool(newValue)) }
    }

    /// The space left of the text, in pixels.
    @MainActor public var leftMargin: Int {
        get { Int(gtk_text_view_get_left_margin(view)) }
        nonmutating set { gtk_text_view_set_left_margin(view, gint(newValue)) }
    }

    /// Puts the cursor at the start of `line` (1-based) and scrolls it into view, now and once
    /// the text is laid out (the first scroll of a text just set would find no lines yet).
    @MainActor public func showLine(_ line: Int) {
        let buffer = self.buffer.pointer.typed(GtkTextBuffer.self)
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_line(buffer, &iter, gint(max(0, line - 1)))
        gtk_text_buffer_place_cursor(buffer, &iter)
        let mark = gtk_text_buffer_get_insert(buffer)
        gtk_text_view_scroll_to_mark(view, mark, 0, 1, 0, 0.3)
        let me = self
        MainLoop.whenIdle { gtk_text_view_scroll_to_mark(me.view, gtk_text_buffer_get_insert(buffer), 0, 1, 0, 0.3) }
    }
}

/// The text of a text view; its `.changed` signal fires on every edit.
public struct TextBuffer: ObjectHandle {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_text_buffer_get_type() }

    /// The whole text.
    @MainActor public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(pointer.typed(), &start, &end)
            guard let characters = gtk_text_buffer_get_text(pointer.typed(), &start, &end, 0) else { return "" }
            defer { g_free(characters) }
            return String(cString: characters)
        }
        nonmutating set { gtk_text_buffer_set_text(pointer.typed(), newValue, -1) }
    }

    /// The line the cursor is on (1-based): where a click or the arrow keys put it
    /// (`.notify("cursor-position")` tells when it moves).
    @MainActor public var cursorLine: Int {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(pointer.typed(), &iter, gtk_text_buffer_get_insert(pointer.typed()))
        return Int(gtk_text_iter_get_line(&iter)) + 1
    }

    /// Gives `lines` (1-based) the background `color` (a CSS colour), and no other line: a tag
    /// named `name` is made the first time.
    @MainActor public func highlight(lines: [Int], named name: String, color: String) {
        let buffer: UnsafeMutablePointer<GtkTextBuffer> = pointer.typed()
        let table = gtk_text_buffer_get_tag_table(buffer)
        let tag =
            gtk_text_tag_table_lookup(table, name)
            ?? {
                let made = gtk_text_tag_new(name)!
                var value = GValue()
                g_value_init(&value, stringType)
                g_value_set_string(&value, color)
                g_object_set_property(UnsafeMutableRawPointer(made).assumingMemoryBound(to: GObject.self), "paragraph-background", &value)
                g_value_unset(&value)
                gtk_text_tag_table_add(table, made)
                g_object_unref(made)  // the table holds it
                return made
            }()
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
        for line in lines where line > 0 {
            gtk_text_buffer_get_iter_at_line(buffer, &start, gint(line - 1))
            end = start
            gtk_text_iter_forward_line(&end)
            gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
        }
    }
}

/// Escapes plain text for use in Pango markup.
public func escapeMarkup(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}
