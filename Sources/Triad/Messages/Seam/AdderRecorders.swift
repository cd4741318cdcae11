import GtkKit
import TriadModel

// The adder's stand-ins (Seam.swift says what a stand-in is): its model as each pattern calls
// it, the MVC view's delegate, and the MVP presenter with the passive view it tells.

/// Seed 001's model, as the controller, the presenter or the view model (`caller`) calls it.
final class AdderModelRecorder: AdderModelProtocol {
    private let model: any AdderModelProtocol
    private let caller: MessageRole
    init(_ model: any AdderModelProtocol, caller: MessageRole) {
        self.model = model
        self.caller = caller
    }

    var first: Int64 { model.first }
    var second: Int64 { model.second }

    func set(_ firstText: String, _ secondText: String) throws(AdderError) {
        recordReceived(caller, .model, .call, "model.set(\"\(firstText)\", \"\(secondText)\")", by: model, #function)
        try model.set(firstText, secondText)
    }

    func total() throws(AdderError) -> Int64 {
        recordReceived(caller, .model, .call, "model.total()", by: model, #function)
        return try model.total()
    }
}

/// Seed 001: what the view asks its delegate, the controller.
@MainActor
final class AdderViewDelegateRecorder: AdderViewDelegate {
    private weak var controller: AdderViewDelegate?
    /// The controller, held as strongly as the view holds this: set only for a view that holds
    /// its delegate strongly (a mistake the learner chose), which the seam must not mend.
    private var heldAsTheViewHoldsIt: AdderViewDelegate?
    init(_ controller: AdderViewDelegate) { self.controller = controller }

    /// Holds the controller strongly, as the view holds this.
    func holdStrongly() { heldAsTheViewHoldsIt = controller }

    func setTotalVal(_ first: String, _ second: String) {
        guard let controller else { return }
        recordReceived(.view, .controller, .delegate, "setTotalVal(\"\(first)\", \"\(second)\")", by: controller, #function)
        controller.setTotalVal(first, second)
    }

    func getTotalVal() -> AdderView.Display {
        guard let controller else { return .total("–") }
        guard MessageLog.shared.isRecording else { return controller.getTotalVal() }
        recordReceived(.view, .controller, .delegate, "getTotalVal()", by: controller, #function)
        let display = controller.getTotalVal()
        // The delegate's answer goes back to the view, which shows it.
        recordReceived(.controller, .view, .delegate, "getTotalVal() returned \(display)", by: controller, #function)
        return display
    }
}

/// The adder as MVP: what the passive view hands its presenter. The view the presenter is told
/// to attach is attached through a stand-in, which this keeps.
@MainActor
final class AdderPresenterRecorder: AdderPresenterProtocol {
    private let presenter: any AdderPresenterProtocol
    private var view: AdderPassiveViewRecorder?
    init(_ presenter: any AdderPresenterProtocol) { self.presenter = presenter }

    var model: any AdderModelProtocol { presenter.model }

    func attachView(_ view: AdderPassiveViewProtocol) {
        let standIn = AdderPassiveViewRecorder(view)
        self.view = standIn
        presenter.attachView(standIn)
    }

    func add(_ first: String, _ second: String) {
        recordReceived(
            .view, .presenter, .call, "add(\"\(first)\", \"\(second)\")", by: presenter, #function, arguments: [first, second])
        presenter.add(first, second)
    }
}

/// The adder as MVP: what the presenter tells its passive view.
@MainActor
final class AdderPassiveViewRecorder: AdderPassiveViewProtocol {
    private weak var view: AdderPassiveViewProtocol?
    init(_ view: AdderPassiveViewProtocol) { self.view = view }

    func showSum(_ text: String) {
        guard let view else { return }
        recordReceived(.presenter, .view, .viewUpdate, "showSum(\"\(text)\")", by: view, #function, arguments: [text])
        view.showSum(text)
    }

    func showError(_ message: String, field: AdderField?) {
        guard let view else { return }
        recordReceived(
            .presenter, .view, .viewUpdate, "showError(\"\(message)\")", by: view, #function,
            arguments: [message, field.map { "\($0)" } ?? ""])
        view.showError(message, field: field)
    }
}
