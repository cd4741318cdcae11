import CGtk

/// One button of a question dialog.
public struct DialogChoice {
    public let label: String  // with a mnemonic, e.g. "_Save"
    public let response: Int32
    public let style: String?  // "suggested-action" or "destructive-action"
    public init(_ label: String, response: Int32, style: String? = nil) {
        self.label = label
        self.response = response
        self.style = style
    }
}

/// A modal question (GtkMessageDialog) with the given buttons; `answered` receives the chosen
/// response, or `GTK_RESPONSE_DELETE_EVENT` for Escape / closing the dialog.
@MainActor
public func ask(parent: WidgetPointer, title: String, detail: String, choices: [DialogChoice],
               defaultResponse: Int32, accessibleName: String,
               answered: @escaping @MainActor (Int32) -> Void) {
    // gtk_message_dialog_new is variadic and does not import; make the dialog through the
    // builder instead and fill it with non-variadic calls.
    let template = """
        <interface><object class="GtkMessageDialog" id="dialog">\
        <property name="message-type">question</property><property name="modal">True</property>\
        <property name="destroy-with-parent">True</property></object></interface>
        """
    let builder = gtk_builder_new_from_string(template, -1)!
    let dialog: UnsafeMutablePointer<GtkMessageDialog> = gtk_builder_get_object(builder, "dialog")!.cast()
    g_object_ref(dialog.gpointer)
    g_object_unref(builder)
    defer { g_object_unref(dialog.gpointer) }

    gtk_message_dialog_set_markup(dialog, "<b>\(escapeMarkup(title))</b>")
    if let area = gtk_message_dialog_get_message_area(dialog) {
        let label = gtk_label_new(detail)!
        gtk_label_set_line_wrap(label.cast(), 1)
        gtk_label_set_max_width_chars(label.cast(), 50)
        gtk_widget_show(label)
        gtk_container_add(area.cast(), label)
    }
    for choice in choices {
        let button = gtk_dialog_add_button(dialog.cast(), choice.label, choice.response)!
        if let style = choice.style { button.setStyleClass(style, true) }
    }
    gtk_dialog_set_default_response(dialog.cast(), defaultResponse)
    dialog.setAccessibleName(accessibleName)
    if let toplevel = gtk_widget_get_toplevel(parent), isA(toplevel, gtk_window_get_type()) {
        gtk_window_set_transient_for(dialog.cast(), toplevel.cast())
    }
    dialog.on(.response) { [dialog] (response: Int32) in
        gtk_widget_destroy(dialog.widget)
        answered(response)
    }
    gtk_widget_show(dialog.widget)
}

/// A file chooser (native: the portal's in the flatpak) for `parent`'s window: `configure` adds
/// filters or a suggested name; `chosen` gets the path if the person accepts. Keep the returned
/// chooser until `answered` runs (then release it): GTK does not keep a native dialog alive.
@MainActor
public func chooseFile(title: String, action: GtkFileChooserAction, accept: String, cancel: String, parent: WidgetPointer,
                       configure: (OpaquePointer) -> Void = { _ in },
                       chosen: @escaping @MainActor (String) -> Void,
                       answered: @escaping @MainActor () -> Void) -> Owned<GtkNativeDialog> {
    let window = gtk_widget_get_toplevel(parent)?.cast(to: GtkWindow.self)
    let chooser = Owned<GtkNativeDialog>(gtk_file_chooser_native_new(title, window, action, accept, cancel)!)
    configure(chooser.opaque)
    chooser.pointer.on(.response) { [chooser = chooser.opaque] (response: Int32) in
        if response == GTK_RESPONSE_ACCEPT.rawValue, let name = gtk_file_chooser_get_filename(chooser) {
            let path = String(cString: name)
            g_free(name)
            chosen(path)
        }
        answered()
    }
    gtk_native_dialog_show(chooser.pointer)
    return chooser
}
