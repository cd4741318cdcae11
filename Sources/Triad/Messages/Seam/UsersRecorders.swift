import GtkKit
import TriadModel

// The stand-ins for seed 003's parts (Recorders.swift says what a stand-in is).

private func record(
    _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
    _ receiver: AnyObject, _ member: String
) {
    MessageLog.shared.record(from, to, channel, text(), receiver: type(of: receiver), member: member)
}

/// What the view controller asks of its presenter.
@MainActor
final class UsersPresenterRecorder: UsersPresenterProtocol {
    let presenter: UsersPresenter
    init(_ presenter: UsersPresenter) { self.presenter = presenter }

    func attachView(_ view: UsersView) { presenter.attachView(view) }
    func detachView() { presenter.detachView() }

    func getUsers(matching query: String) {
        record(.controller, .presenter, .call, "getUsers(matching: \"\(query)\")", presenter, #function)
        presenter.getUsers(matching: query)
    }
}

/// What the presenter tells its passive view.
@MainActor
final class UsersViewRecorder: UsersView {
    let view: UsersViewController
    init(_ view: UsersViewController) { self.view = view }

    func startLoading() {
        record(.presenter, .view, .viewUpdate, "startLoading()", view, #function)
        view.startLoading()
    }

    func finishLoading() {
        record(.presenter, .view, .viewUpdate, "finishLoading()", view, #function)
        view.finishLoading()
    }

    func setUsers(_ users: UsersDataSource) {
        record(.presenter, .view, .viewUpdate, "setUsers(count: \(formattedCount(users.count)))", view, #function)
        view.setUsers(users)
    }

    func setEmptyUsers() {
        record(.presenter, .view, .viewUpdate, "setEmptyUsers()", view, #function)
        view.setEmptyUsers()
    }

    func showError(_ message: String) {
        record(.presenter, .view, .viewUpdate, "showError(\"\(message)\")", view, #function)
        view.showError(message)
    }
}

/// The service, seen from the presenter: each answer it calls back with.
@MainActor
final class UserServiceRecorder: UserService {
    let service: UserService
    /// Whose method the answer reaches (the presenter's `getUsers(matching:)`, which gave the callback).
    private let presenter: UsersPresenter
    init(_ service: UserService, answering presenter: UsersPresenter) {
        self.service = service
        self.presenter = presenter
    }

    func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
        let presenter = self.presenter
        service.getUsers(matching: query) { result in
            let name =
                switch result {
                case .success: ".success"
                case .firstRows: ".firstRows"
                case .failure: ".failure"
                }
            record(.store, .presenter, .delegate, "callBack(\(name))", presenter, "getUsers(matching:)")
            completion(result)
        }
    }
}

/// What the table asks its data source: consecutive questions merge into "rows a–b of n".
@MainActor
final class TableDataSourceRecorder: TableDataSource {
    let dataSource: TableDataSource
    init(_ dataSource: TableDataSource) { self.dataSource = dataSource }

    var numberOfRows: Int { dataSource.numberOfRows }

    func cells(forRow row: Int) -> [String] {
        MessageLog.shared.recordRowQuestion(row, of: dataSource.numberOfRows, receiver: type(of: dataSource), member: #function)
        return dataSource.cells(forRow: row)
    }
}

/// A page, as the window asks it *should I close?* (seed 002's should): recorded where the page
/// answers the question itself.
@MainActor
final class PageRecorder: PageController {
    let page: PageController
    init(_ page: PageController) { self.page = page }

    var root: Widget { page.root }
    var defaultButton: Button? { page.defaultButton }
    func pageDidAppear() { page.pageDidAppear() }
    func startSearch() { page.startSearch() }
    var undoing: Undoing? { page.undoing }

    func pageShouldClose(proceed: @escaping @MainActor () -> Void) -> Bool {
        let answer = page.pageShouldClose(proceed: proceed)
        if SourceMap.shared.declares(type(of: page), #function) {
            record(.controller, .controller, .delegateShould, "pageShouldClose → \(answer ? "yes" : "ask")", page, #function)
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
            record(.controller, .controller, .delegateShould, "\(question) → \(answer ? "yes" : "ask")", page, member)
        }
        return answer
    }
}
