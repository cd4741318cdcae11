import CGtk
import Glibc

// Questions and file choosers: the two dialogs an app opens without a `.ui` file of its own.

/// One button of a question dialog.
public struct DialogChoice {
    /// With a mnemonic, e.g. "_Save".
    public let label: String
    /// What the dialog answers when this button is pressed.
    public let response: Response
    /// How the theme marks the button, if at all.
    public let style: Style?

    /// How the theme marks a button: the action the person most likely wants, or one that
    /// destroys something.
    public enum Style: String {
        /// The action the person most likely wants (GTK's `suggested-action`).
        case suggested = "suggested-action"
        /// An action that destroys something (GTK's `destructive-action`).
        case destructive = "destructive-action"
    }

    /// A button labelled `label` that answers `response`.
    public init(_ label: String, response: Response, style: Style? = nil) {
        self.label = label
        self.response = response
        self.style = style
    }
}

/// A modal question (GtkMessageDialog) over `parent`'s window with the given buttons; `answered`
/// receives the chosen response, or `.deleteEvent` for Escape or the window's close button.
@MainActor
public func ask(
    over parent: some WidgetProtocol, title: String, detail: String, choices: [DialogChoice],
    defaultResponse: Response, accessibleName: String, answered: @escaping @MainActor (Response) -> Void
) {
    // gtk_message_dialog_new is variadic and does not import: the dialog comes from a builder
    // and is filled with calls that do.
    let builder = Builder(
        string: """
            <interface><object class="GtkMessageDialog" id="dialog">\
            <property name="message-type">question</property><property name="modal">True</property>\
            <property name="destroy-with-parent">True</property></object></interface>
            """, name: "the question dialog")
    let dialog: Dialog = builder.object("dialog")
    gtk_message_dialog_set_markup(dialog.pointer.typed(), "<b>\(escapeMarkup(title))</b>")
    if let area = gtk_message_dialog_get_message_area(dialog.pointer.typed()) {
        let label = Label(detail)
        label.wrap(maxCharacters: 50)
        label.show()
        Container(unchecked: ObjectPointer(area)).add(label)
    }
    for choice in choices {
        let button = Widget(unchecked: ObjectPointer(gtk_dialog_add_button(dialog.pointer.typed(), choice.label, choice.response.rawValue)))
        if let style = choice.style { button.setStyleClass(style.rawValue, true) }
    }
    dialog.setDefaultResponse(defaultResponse)
    dialog.accessibleName = accessibleName
    if let window = parent.window { dialog.setTransient(for: window) }
    dialog.on(.response) { response in
        dialog.destroy()
        answered(response)
    }
    dialog.show()
}

/// Which files a chooser offers: a name, and the types or name patterns that pass.
public struct FileFilter {
    /// The filter's name in the chooser's list of file types.
    public let name: String
    /// The content types that pass (`text/csv`).
    public let mimeTypes: [String]
    /// The file name patterns that pass (`*.csv`), for files whose type is not known.
    public let patterns: [String]

    /// A filter named `name` that passes these types and patterns.
    public init(_ name: String, mimeTypes: [String], patterns: [String] = []) {
        self.name = name
        self.mimeTypes = mimeTypes
        self.patterns = patterns
    }
}

/// The desktop's file chooser (the portal's, in the flatpak).
public struct FileChooser: RespondingProtocol {
    public let pointer: ObjectPointer
    public init(unchecked pointer: ObjectPointer) { self.pointer = pointer }
    public static var gtkType: GType { gtk_file_chooser_native_get_type() }

    /// Opening a file, or saving one (which asks before replacing a file).
    public enum Purpose { case open, save }
}

/// A choice a file chooser offers beside the file name (a size, a kind of picture): a combo box in
/// GTK's own chooser, the portal's choices in a sandbox.
public struct FileChoice {
    public let id: String
    public let label: String
    /// Each option's id and label, in order.
    public let options: [(id: String, label: String)]
    /// The id of the option chosen at first.
    public let selected: String

    public init(id: String, label: String, options: [(id: String, label: String)], selected: String) {
        self.id = id
        self.label = label
        self.options = options
        self.selected = selected
    }
}

/// A file chooser for `parent`'s window; `chosen` gets the path if the person accepts, and
/// `answered` runs after any answer. Keep the returned chooser until `answered` runs (then
/// release it): GTK does not keep a native dialog alive.
@MainActor
public func chooseFile(
    _ purpose: FileChooser.Purpose, title: String, accept: String, cancel: String, over parent: some WidgetProtocol,
    filters: [FileFilter] = [], suggestedName: String? = nil,
    chosen: @escaping @MainActor (String) -> Void, answered: @escaping @MainActor () -> Void
) -> Owned<FileChooser> {
    chooseFile(
        purpose, title: title, accept: accept, cancel: cancel, over: parent, filters: filters, suggestedName: suggestedName,
        choices: [], chosen: { path, _ in chosen(path) }, answered: answered)
}

/// The same, with `choices` beside the name: `chosen` also gets the option chosen for each
/// choice, by the choice's id.
@MainActor
public func chooseFile(
    _ purpose: FileChooser.Purpose, title: String, accept: String, cancel: String, over parent: some WidgetProtocol,
    filters: [FileFilter] = [], suggestedName: String? = nil, choices: [FileChoice],
    chosen: @escaping @MainActor (String, [String: String]) -> Void, answered: @escaping @MainActor () -> Void
) -> Owned<FileChooser> {
    let action = purpose == .open ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
    let native = gtk_file_chooser_native_new(title, parent.window?.gtkWindow, action, accept, cancel)!
    let chooser = Owned(FileChooser(unchecked: ObjectPointer(native)))
    let files = native
    if purpose == .save { gtk_file_chooser_set_do_overwrite_confirmation(files, 1) }
    if let suggestedName { gtk_file_chooser_set_current_name(files, suggestedName) }
    for filter in filters {
        let made = gtk_file_filter_new()!
        gtk_file_filter_set_name(made, filter.name)
        for type in filter.mimeTypes { gtk_file_filter_add_mime_type(made, type) }
        for pattern in filter.patterns { gtk_file_filter_add_pattern(made, pattern) }
        gtk_file_chooser_add_filter(files, made)
    }
    for choice in choices { add(choice, to: files) }
    chooser.object.on(.response) { response in
        if response == .accept, let name = gtk_file_chooser_get_filename(files) {
            let path = String(cString: name)
            g_free(name)
            var answers: [String: String] = [:]
            for choice in choices {
                answers[choice.id] = gtk_file_chooser_get_choice(files, choice.id).map { String(cString: $0) } ?? choice.selected
            }
            chosen(path, answers)
        }
        answered()
    }
    gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(native))
    return chooser
}

/// Adds `choice` to a chooser (GTK copies the strings).
@MainActor
private func add(_ choice: FileChoice, to chooser: OpaquePointer) {
    var ids: [UnsafeMutablePointer<CChar>?] = choice.options.map { strdup($0.id) } + [nil]
    var labels: [UnsafeMutablePointer<CChar>?] = choice.options.map { strdup($0.label) } + [nil]
    defer { for pointer in ids + labels { free(pointer) } }
    ids.withUnsafeMutableBufferPointer { idPointers in
        labels.withUnsafeMutableBufferPointer { labelPointers in
            idPointers.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: idPointers.count) { idList in
                labelPointers.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: labelPointers.count) { labelList in
                    gtk_file_chooser_add_choice(
                        chooser, choice.id, choice.label, UnsafeMutablePointer(mutating: idList), UnsafeMutablePointer(mutating: labelList))
                }
            }
        }
    }
    gtk_file_chooser_set_choice(chooser, choice.id, choice.selected)
}

/// The About window of the application.
@MainActor
public func showAbout(
    over window: Window?, name: String, version: String, iconName: String, comments: String,
    copyright: String, translators: String
) {
    let dialog = gtk_about_dialog_new()!
    let about: UnsafeMutablePointer<GtkAboutDialog> = dialog.cast()
    gtk_about_dialog_set_program_name(about, name)
    gtk_about_dialog_set_version(about, version)
    gtk_about_dialog_set_logo_icon_name(about, iconName)
    gtk_about_dialog_set_comments(about, comments)
    gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
    gtk_about_dialog_set_copyright(about, copyright)
    gtk_about_dialog_set_translator_credits(about, translators)
    let handle = Dialog(unchecked: ObjectPointer(dialog))
    if let window { handle.setTransient(for: window) }
    handle.isModal = true
    handle.on(.response) { _ in handle.destroy() }
    handle.show()
}
