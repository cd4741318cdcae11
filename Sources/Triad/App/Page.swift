import GtkKit
import TriadModel

/// A feature page in the main window's stack. Each feature folder has a controller conforming to
/// this; the window asks it for its widget tree the first time the page is shown.
@MainActor
protocol PageController: AnyObject {
    /// The page's top widget, packed into the window's stack.
    var root: WidgetPointer { get }
    /// The button Enter activates while this page is shown (the form's default), if any.
    var defaultButton: WidgetPointer? { get }
    /// Called each time the page becomes the visible one (and after it was first built).
    func pageDidAppear()
    /// The *should* of seed 002's delegate pattern: may the user leave this page (switch pages or
    /// close the window)? Return true to proceed now; or return false and later call `proceed`
    /// (e.g. after "Save / Discard / Cancel" was answered with Save or Discard).
    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool
    /// The same question when the window is closing (default: `pageShouldClose`). A page whose
    /// work must be stored before the app ends (the note) holds the window open until it is.
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool
    /// Calls `shown` once the page shows its content. A page whose content arrives later than its
    /// first frame (the user list loads on a worker) calls it then; `--quit-after-first-frame`
    /// and the accessible names held back at start-up wait for it. A UI event, so it lives here, not among the model's notifications.
    func whenContentShown(_ shown: @escaping @MainActor () -> Void)
    /// Ctrl+F: put the cursor in the page's search, if it has one.
    func startSearch()
}

extension PageController {
    func pageDidAppear() {}
    func startSearch() {}
    func whenContentShown(_ shown: @escaping @MainActor () -> Void) { shown() }
    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool { true }
    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool { pageShouldClose(proceed: proceed) }
}

/// One entry in the sidebar: how to name it and how to build it.
struct PageEntry {
    let name: String  // stable id, used for the stack child name
    let title: String
    let make: @MainActor (PageContext) throws(BuilderError) -> PageController
}

/// What a page's controller may use: the shared services and the window it lives in.
@MainActor
struct PageContext {
    let services: AppServices
    let window: WidgetPointer
}
