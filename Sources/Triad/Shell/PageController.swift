import GtkKit
import TriadModel

/// A feature page in the main window's stack. Each feature folder has a controller conforming to
/// this; the window builds it the first time the page is shown.
@MainActor
protocol PageController: AnyObject {
    /// The page's top widget, packed into the window's stack.
    var root: Widget { get }
    /// The button Enter activates while this page is shown (the form's default), if any.
    var defaultButton: Button? { get }
    /// Called each time the page becomes the visible one (and after it was first built).
    func pageDidAppear()
    /// The *should* of seed 002's delegate pattern: may the user leave this page (switch pages or
    /// close the window)? Return true to proceed now; or return false and later call `proceed`
    /// (e.g. after "Save / Discard / Cancel" was answered with Save or Discard).
    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool
    /// The same question when the window is closing (default: `pageShouldClose`). A page whose
    /// work must be stored before the app ends (the note, the chart) holds the window open until
    /// it is: GtkKit's `closeNowOrLater` answers from a save that may answer at once or later.
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool
    /// Ctrl+F: put the cursor in the page's search, if it has one.
    func startSearch()
    /// The page's undo history, if it keeps one: the window's Undo and Redo act on it while the
    /// page is shown (nil: they are hidden).
    var undoing: Undoing? { get }
}

extension PageController {
    func pageDidAppear() {}
    func startSearch() {}
    var undoing: Undoing? { nil }
    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool { true }
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool { pageShouldClose(proceed: proceed) }
}

/// One entry in the sidebar: its stable name (the stack child's, `--page NAME`), its title, and
/// how to build its controller from the app's model objects, in the window given, with the
/// mistakes the learner has chosen.
struct PageEntry {
    let name: String
    let title: String
    let make: @MainActor (AppServices, ApplicationWindow, ChosenMistakes) -> PageController
}

/// A page's undo history, as the window's Undo and Redo (Ctrl+Z, Ctrl+Shift+Z, the header bar's
/// buttons) reach it, as gnome-text-editor's window actions reach the shown document. The page's
/// model keeps the history; this only passes the window's questions and presses on.
@MainActor
protocol Undoing: AnyObject {
    var canUndo: Bool { get }
    var canRedo: Bool { get }
    /// The buttons' tooltips: "Undo Change Apples to 12", or "Undo" alone.
    var undoTitle: String { get }
    var redoTitle: String { get }
    func undo()
    func redo()
    /// Set by the window while the page is shown: called whenever any of the above changed.
    var undoStateChanged: (@MainActor () -> Void)? { get set }
}
