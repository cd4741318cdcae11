import Glibc
import GtkKit
import TriadModel

/// A page whose model the Messages pane's State tab can show: the pane asks the page shown, as
/// each message is recorded, and only while it records.
@MainActor
protocol ModelStateReporting: AnyObject {
    var modelState: [StateEntry] { get }
}

extension AdderPage: ModelStateReporting {
    /// The model of the pattern shown.
    var modelState: [StateEntry] {
        let model: AdderModel? = switch pattern {
        case .mvc: mvc.model
        case .mvp: mvp?.presenter.model
        case .mvvm: mvvm?.viewModel.model
        }
        return model.map(ModelState.adder) ?? []
    }
}

extension RecordingAddressViewController: ModelStateReporting {
    var modelState: [StateEntry] { ModelState.address(address) }
}

extension RecordingLoginViewController: ModelStateReporting {
    var modelState: [StateEntry] { ModelState.accounts(in: store, now: Int64(time(nil))) }
}

extension RecordingUsersViewController: ModelStateReporting {
    var modelState: [StateEntry] {
        ModelState.users(query: (presenter as? RecordingUsersPresenter)?.query ?? "", count: users?.count, loading: loading)
    }
}

extension RecordingNoteViewController: ModelStateReporting {
    var modelState: [StateEntry] { ModelState.note(model) }
}
