import GtkKit
import TriadModel

/// A page, as the window asks it *should I close?* (seed 002's should): recorded where the page
/// answers the question itself. Everything else passes straight through, and the State tab reads
/// the page behind it.
@MainActor
final class PageRecorder: PageController, ShowsModelState {
    private let page: PageController
    init(_ page: PageController) { self.page = page }

    /// The lesson's page this stands in for.
    var lessonPage: PageController { page }

    var root: Widget { page.root }
    var defaultButton: Button? { page.defaultButton }
    func pageDidAppear() { page.pageDidAppear() }
    func startSearch() { page.startSearch() }
    var undoing: Undoing? { page.undoing }

    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        let answer = page.pageShouldClose(proceed: proceed)
        if SourceMap.shared.declares(type(of: page), #function) {
            recordReceived(.controller, .controller, .delegateShould, "pageShouldClose → \(answer ? "yes" : "ask")", by: page, #function)
        }
        return answer
    }

    func windowShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        let answer = page.windowShouldClose(proceed: proceed)
        // A page that does not answer this itself answers as to leaving it (PageController's
        // default asks `pageShouldClose`): the message is then that one.
        let member = SourceMap.shared.declares(type(of: page), #function) ? #function : "pageShouldClose(proceed:)"
        if SourceMap.shared.declares(type(of: page), member) {
            let question = member.prefix { $0 != "(" }
            recordReceived(.controller, .controller, .delegateShould, "\(question) → \(answer ? "yes" : "ask")", by: page, member)
        }
        return answer
    }

    func modelState(services: AppServices) -> [StateEntry] {
        (page as? ShowsModelState)?.modelState(services: services) ?? []
    }
}
