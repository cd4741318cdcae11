import GtkKit
import TriadModel

/// The Messages pane's Copy as Test button: on a page with a presenter a test can drive (the
/// adder shown as MVP, the users list), it turns the recorded session into an XCTest method
/// (TestGenerator, in the model) and puts it on the clipboard. On other pages it cannot, and its
/// tooltip says why.
@MainActor
final class CopyAsTest: LearningTool {
    private let button: Button
    private let view: MessagesView
    private weak var pages: PageHost?

    init(view: MessagesView, pages: PageHost) {
        self.view = view
        self.pages = pages
        button = view.detail("copy_test_button")
        // Target-action: the button to `copy`.
        button.on(.clicked, target: self, action: CopyAsTest.copy)
    }

    /// The presenter of the page shown, if a test can drive it.
    private var presenter: TestGenerator.Presenter? {
        guard let pages, let name = pages.shownPage, let shown = pages.page(named: name) else { return nil }
        let page = (shown as? PageRecorder)?.lessonPage ?? shown
        if let adder = page as? AdderPage { return adder.pattern == .mvp ? .adder : nil }
        return page is UsersPage ? .users : nil
    }

    /// The page shown, or the adder's pattern, changed: the button is offered where it can work.
    func update() {
        let can = presenter != nil
        button.isSensitive = can
        button.tooltip =
            can
            ? L("Copy the recorded session as an XCTest method that drives the presenter with a mock view")
            : L("Only a presenter can be copied as a test: show the adder as MVP, or the users list")
    }

    private func copy() {
        guard let presenter else { return update() }
        guard let method = TestGenerator.xcTestMethod(MessageLog.shared.messages, for: presenter) else {
            view.setStatus(L("Nothing to copy yet: use the page, and its presenter's messages appear here."))
            return
        }
        Clipboard.setText(method)
        view.setStatus(L("Test copied: paste it into a test case that imports TriadModel."))
    }
}
