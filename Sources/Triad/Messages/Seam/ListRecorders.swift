import GtkKit
import TriadModel

// The stand-ins of the two lessons with lists (Seam.swift says what a stand-in is): seed 003's
// presenter with the passive view it tells and the service that answers it, and the chart's one
// model with its bar and pie views' delegates. Their tables' questions to a data source and an
// editing delegate pass through GtkKit, whose watchers hear them (MessagesRecorder).

/// What the view controller asks of its presenter. The view the presenter is told to attach is
/// attached through a stand-in, which this keeps.
@MainActor
final class UsersPresenterRecorder: UsersPresenterProtocol {
    private let presenter: any UsersPresenterProtocol
    private var view: UsersViewRecorder?
    init(_ presenter: any UsersPresenterProtocol) { self.presenter = presenter }

    var query: String { presenter.query }

    func attachView(_ view: UsersView) {
        let standIn = UsersViewRecorder(view)
        self.view = standIn
        presenter.attachView(standIn)
    }

    func detachView() {
        presenter.detachView()
        view = nil
    }

    func getUsers(matching query: String) {
        UserServiceRecorder.requests += 1
        recordReceived(
            .controller, .presenter, .call, "getUsers(matching: \"\(query)\")", by: presenter, #function,
            arguments: [query, String(UserServiceRecorder.requests)])
        presenter.getUsers(matching: query)
    }
}

/// What the presenter tells its passive view.
@MainActor
final class UsersViewRecorder: UsersView {
    private weak var view: UsersView?
    init(_ view: UsersView) { self.view = view }

    func startLoading() {
        guard let view else { return }
        recordReceived(.presenter, .view, .viewUpdate, "startLoading()", by: view, #function)
        view.startLoading()
    }

    func finishLoading() {
        guard let view else { return }
        recordReceived(.presenter, .view, .viewUpdate, "finishLoading()", by: view, #function)
        view.finishLoading()
    }

    func setUsers(_ users: UsersDataSource) {
        guard let view else { return }
        recordReceived(
            .presenter, .view, .viewUpdate, "setUsers(count: \(formattedCount(users.count)))", by: view, #function,
            arguments: [String(users.count)])
        view.setUsers(users)
    }

    func setEmptyUsers() {
        guard let view else { return }
        recordReceived(.presenter, .view, .viewUpdate, "setEmptyUsers()", by: view, #function)
        view.setEmptyUsers()
    }

    func showError(_ message: String) {
        guard let view else { return }
        recordReceived(.presenter, .view, .viewUpdate, "showError(\"\(message)\")", by: view, #function, arguments: [message])
        view.showError(message)
    }
}

/// The service, seen from the presenter: each answer it calls back with.
@MainActor
final class UserServiceRecorder: UserService {
    private let service: UserService
    /// Whose method the answer reaches (the presenter's `getUsers(matching:)`, which gave the callback).
    private let presenter: AnyObject.Type
    /// The presenter's requests so far, numbered from one: its stand-in counts each as it
    /// records it, then the presenter asks the service, so an answer names the request it
    /// answers (Copy as Test gives each answer to the request it answered).
    static var requests = 0
    init(_ service: UserService, answering presenter: AnyObject.Type) {
        self.service = service
        self.presenter = presenter
    }

    func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
        let presenter: AnyObject.Type = self.presenter
        let request = String(Self.requests)
        service.getUsers(matching: query) { result in
            MessageLog.shared.record(
                .store, .presenter, .delegate, "callBack(\(Self.name(of: result)))", receiver: presenter, member: "getUsers(matching:)",
                arguments: [request] + Self.arguments(of: result))
            completion(result)
        }
    }

    /// What an answer held, as Copy as Test answers again: its kind, and how many users or why not.
    private static func arguments(of result: UserLoadResult) -> [String] {
        switch result {
        case .success(let users): ["success", String(users.count)]
        case .firstRows(let users): ["firstRows", String(users.count)]
        case .failure(let message): ["failure", message]
        }
    }

    private static func name(of result: UserLoadResult) -> String {
        switch result {
        case .success: ".success"
        case .firstRows: ".firstRows"
        case .failure: ".failure"
        }
    }
}

/// The chart's model, as its controllers call it: each change, undo and redo, and each group a
/// drag makes. What they only read (the poll, the titles) is not a message, and passes unrecorded.
@MainActor
final class ChartModelRecorder: ChartModelProtocol {
    private let model: any ChartModelProtocol
    init(_ model: any ChartModelProtocol) { self.model = model }

    var poll: Poll { model.poll }
    func observe(_ handler: @escaping (ChartUpdate) -> Void) -> ObservationToken { model.observe(handler) }

    func setVotes(at row: Int, typed text: String) throws(ChartError) {
        recordReceived(
            .controller, .model, .call, "model.setVotes(at: \(row), typed: \(ModelState.quotedPreview(text)))", by: model, #function)
        try model.setVotes(at: row, typed: text)
    }

    func setVotes(at row: Int, to value: Int) throws(ChartError) {
        recordReceived(.controller, .model, .call, "model.setVotes(at: \(row), to: \(value))", by: model, #function)
        try model.setVotes(at: row, to: value)
    }

    func adjustVotes(at row: Int, by step: Int) throws(ChartError) {
        recordReceived(.controller, .model, .call, "model.adjustVotes(at: \(row), by: \(step))", by: model, #function)
        try model.adjustVotes(at: row, by: step)
    }

    func rename(at row: Int, to text: String) throws(ChartError) {
        recordReceived(.controller, .model, .call, "model.rename(at: \(row), to: \(ModelState.quotedPreview(text)))", by: model, #function)
        try model.rename(at: row, to: text)
    }

    @discardableResult func addOption() throws(ChartError) -> Int {
        recordReceived(.controller, .model, .call, "model.addOption()", by: model, #function)
        return try model.addOption()
    }

    func removeOption(at row: Int) throws(ChartError) {
        recordReceived(.controller, .model, .call, "model.removeOption(at: \(row))", by: model, #function)
        try model.removeOption(at: row)
    }

    /// The pasted text by its start only: a paste may be a whole spreadsheet column.
    func paste(_ text: String) throws(ChartError) {
        recordReceived(.controller, .model, .call, "model.paste(\(ModelState.quotedPreview(text)))", by: model, #function)
        try model.paste(text)
    }

    func beginChangeGroup() {
        recordReceived(.controller, .model, .call, "model.beginChangeGroup()", by: model, #function)
        model.beginChangeGroup()
    }

    func endChangeGroup() {
        recordReceived(.controller, .model, .call, "model.endChangeGroup()", by: model, #function)
        model.endChangeGroup()
    }

    var canUndo: Bool { model.canUndo }
    var canRedo: Bool { model.canRedo }
    var undoTitle: String { model.undoTitle }
    var redoTitle: String { model.redoTitle }

    func undo() {
        recordReceived(.controller, .model, .call, "model.undo()", by: model, #function)
        model.undo()
    }

    func redo() {
        recordReceived(.controller, .model, .call, "model.redo()", by: model, #function)
        model.redo()
    }

    var loadProblem: ChartLoadProblem? { model.loadProblem }
    var saveAnswered: (@MainActor (StoreError?) -> Void)? {
        get { model.saveAnswered }
        set { model.saveAnswered = newValue }
    }

    func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) {
        recordReceived(.controller, .model, .call, "model.saveBeforeClosing()", by: model, #function)
        model.saveBeforeClosing(done)
    }
}

/// What the bar chart tells its delegate, the bar chart's controller.
@MainActor
final class BarChartViewDelegateRecorder: BarChartViewDelegate {
    private weak var delegate: BarChartViewDelegate?
    init(_ delegate: BarChartViewDelegate) { self.delegate = delegate }

    func barChart(_ view: BarChartView, didMoveBar row: Int, _ change: RangeChange) {
        guard let delegate else { return }
        recordReceived(.view, .controller, .delegate, "barChart(didMoveBar: \(row), .\(change))", by: delegate, #function)
        delegate.barChart(view, didMoveBar: row, change)
    }

    func barChart(_ view: BarChartView, didBeginDraggingBar row: Int) {
        guard let delegate else { return }
        recordReceived(.view, .controller, .delegate, "barChart(didBeginDraggingBar: \(row))", by: delegate, #function)
        delegate.barChart(view, didBeginDraggingBar: row)
    }

    func barChartDidEndDragging(_ view: BarChartView) {
        guard let delegate else { return }
        recordReceived(.view, .controller, .delegate, "barChartDidEndDragging", by: delegate, #function)
        delegate.barChartDidEndDragging(view)
    }
}

/// What the pie tells its delegate, the pie's controller.
@MainActor
final class PieChartViewDelegateRecorder: PieChartViewDelegate {
    private weak var delegate: PieChartViewDelegate?
    init(_ delegate: PieChartViewDelegate) { self.delegate = delegate }

    func pieChart(_ view: PieChartView, didScrollSlice row: Int, by steps: Int) {
        guard let delegate else { return }
        recordReceived(.view, .controller, .delegate, "pieChart(didScrollSlice: \(row), by: \(steps))", by: delegate, #function)
        delegate.pieChart(view, didScrollSlice: row, by: steps)
    }
}
