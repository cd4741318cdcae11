import CGtk
import CGtkSourceView
import Glibc

/// A read-only view of a file's code, highlighted by GtkSourceView 4 (Swift, or XML for a `.ui`
/// file), one line marked and scrolled into view. GtkSourceView is opened the first time a view
/// is made (it is never linked, so a start does not load it); without it, a plain text view shows
/// the same text, the line marked by the cursor.
@MainActor
public final class SourceCodeView {
    /// The view in its scrolled window: what a container holds.
    public let widget: ScrolledWindow
    private let textView: TextView
    private let library = SourceViewLibrary.shared

    /// An empty view; `accessibleName` is what a screen reader calls it.
    public init(accessibleName: String) {
        widget = ScrolledWindow()
        widget.expandsVertically = true
        widget.expandsHorizontally = true
        if let library, let sourceBuffer = library.newBuffer(nil), let view = library.newView(sourceBuffer) {
            textView = TextView(unchecked: ObjectPointer(view))
            library.showLineNumbers(UnsafeMutableRawPointer(view), 1)
            library.highlightCurrentLine(UnsafeMutableRawPointer(view), 1)
            g_object_unref(sourceBuffer)  // the view holds it
        } else {
            textView = TextView()
        }
        textView.isEditable = false
        textView.isMonospace = true
        textView.leftMargin = 6
        textView.accessibleName = accessibleName
        widget.add(textView)
        widget.showAll()
    }

    /// The text view, for a screen reader's name and the keyboard focus.
    public var text: TextView { textView }

    /// Shows `code` as the language `language` ("swift", "xml") and marks line `line` (1-based),
    /// scrolled into view, with the cursor on it; in a dark scheme on a dark theme.
    public func show(_ code: String, language: String, line: Int?, dark: Bool) {
        widget.isVisible = true
        let buffer = textView.buffer
        if let library {
            library.setLanguage(buffer.pointer.raw, language)
            library.setScheme(buffer.pointer.raw, dark: dark)
        }
        buffer.text = code
        textView.showLine(line ?? 1)
    }
}

/// GtkSourceView 4's functions, from the library opened the first time a source view is made.
@MainActor
private final class SourceViewLibrary {
    static let shared = SourceViewLibrary()

    let newBuffer: triad_source_buffer_new_function
    let newView: triad_source_view_new_with_buffer_function
    let showLineNumbers: triad_source_view_set_show_line_numbers_function
    let highlightCurrentLine: triad_source_view_set_highlight_current_line_function
    private let languageManager: triad_source_language_manager_get_default_function
    private let language: triad_source_language_manager_get_language_function
    private let setBufferLanguage: triad_source_buffer_set_language_function
    private let schemeManager: triad_source_style_scheme_manager_get_default_function
    private let scheme: triad_source_style_scheme_manager_get_scheme_function
    private let setBufferScheme: triad_source_buffer_set_style_scheme_function

    private init?() {
        guard let library = dlopen("libgtksourceview-4.so.0", RTLD_NOW | RTLD_LOCAL),
            let newBuffer = Self.function(library, "gtk_source_buffer_new", as: triad_source_buffer_new_function.self),
            let newView = Self.function(library, "gtk_source_view_new_with_buffer", as: triad_source_view_new_with_buffer_function.self),
            let showLineNumbers = Self.function(
                library, "gtk_source_view_set_show_line_numbers",
                as: triad_source_view_set_show_line_numbers_function.self),
            let highlightCurrentLine = Self.function(
                library, "gtk_source_view_set_highlight_current_line",
                as: triad_source_view_set_highlight_current_line_function.self),
            let languageManager = Self.function(
                library, "gtk_source_language_manager_get_default",
                as: triad_source_language_manager_get_default_function.self),
            let language = Self.function(
                library, "gtk_source_language_manager_get_language",
                as: triad_source_language_manager_get_language_function.self),
            let setBufferLanguage = Self.function(
                library, "gtk_source_buffer_set_language", as: triad_source_buffer_set_language_function.self),
            let schemeManager = Self.function(
                library, "gtk_source_style_scheme_manager_get_default",
                as: triad_source_style_scheme_manager_get_default_function.self),
            let scheme = Self.function(
                library, "gtk_source_style_scheme_manager_get_scheme",
                as: triad_source_style_scheme_manager_get_scheme_function.self),
            let setBufferScheme = Self.function(
                library, "gtk_source_buffer_set_style_scheme",
                as: triad_source_buffer_set_style_scheme_function.self)
        else { return nil }
        self.newBuffer = newBuffer
        self.newView = newView
        self.showLineNumbers = showLineNumbers
        self.highlightCurrentLine = highlightCurrentLine
        self.languageManager = languageManager
        self.language = language
        self.setBufferLanguage = setBufferLanguage
        self.schemeManager = schemeManager
        self.scheme = scheme
        self.setBufferScheme = setBufferScheme
    }

    /// The function `symbol` of `library`, as the C function pointer type the shim header declares.
    private static func function<Function>(_ library: UnsafeMutableRawPointer, _ symbol: String, as _: Function.Type) -> Function? {
        dlsym(library, symbol).map { unsafeBitCast($0, to: Function.self) }
    }

    func setLanguage(_ buffer: UnsafeMutableRawPointer, _ id: String) {
        guard let manager = languageManager(), let found = language(manager, id) else { return }
        setBufferLanguage(buffer, found)
    }

    /// GtkSourceView 4's own schemes: "oblivion" (GNOME's dark one) when the app is dark, else
    /// "classic".
    func setScheme(_ buffer: UnsafeMutableRawPointer, dark: Bool) {
        guard let manager = schemeManager(), let found = scheme(manager, dark ? "oblivion" : "classic") else { return }
        setBufferScheme(buffer, found)
    }
}
