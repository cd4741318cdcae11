import Glibc
import GtkKit
import TriadModel

/// A page whose lesson has a model the State tab shows: what it holds now, in the words
/// ModelState gives it. The pane asks as each message is recorded, and only while it records;
/// each page answers from its lesson's objects as they are.
@MainActor
protocol ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry]
}

extension AdderPage: ShowsModelState {
    /// The model of the pattern shown.
    func modelState(services: AppServices) -> [StateEntry] {
        let model: (any AdderModelProtocol)? =
            switch pattern {
            case .mvc: mvc?.model
            case .mvp: mvp?.presenter.model
            case .mvvm: mvvm?.viewModel.model
            }
        return model.map(ModelState.adder) ?? []
    }
}

extension AddressViewController: ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry] { ModelState.address(address) }
}

extension ViewWritingAddressViewController: ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry] { ModelState.address(address) }
}

extension LoginViewController: ShowsModelState {
    /// The accounts as the store has them, never a password or any part of its hash.
    func modelState(services: AppServices) -> [StateEntry] { ModelState.accounts(in: services.store, now: Int64(time(nil))) }
}

extension ViewCountingLoginViewController: ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry] { ModelState.accounts(in: services.store, now: Int64(time(nil))) }
}

extension UsersPage: ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry] {
        ModelState.users(query: users.presenter.query, count: users.users?.count, loading: users.loading)
    }
}

extension NoteViewController: ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry] { ModelState.note(model) }
}

extension ChartPage: ShowsModelState {
    func modelState(services: AppServices) -> [StateEntry] { services.chartIfMade.map(ModelState.chart) ?? [] }
}
