import Glibc
import GtkKit
import TriadModel

/// What the shown page's model holds, for the State tab: the pane asks as each message is
/// recorded, and only while it records. Each lesson's model is read as `ModelState` words it.
@MainActor
enum PageStates {
    static func state(of page: PageController?, services: AppServices) -> [StateEntry] {
        switch Seam.lessonPage(page) {
        case let adder as AdderPage:
            let model: (any AdderModelProtocol)? =
                switch adder.pattern {
                case .mvc: adder.mvc.model
                case .mvp:
                    (adder.mvp?.presenter as? AdderPresenterRecorder)?.presenter.model ?? (adder.mvp?.presenter as? AdderPresenter)?.model
                case .mvvm: adder.mvvm?.viewModel.model
                }
            return model.map(ModelState.adder) ?? []
        case let address as AddressViewController:
            return ModelState.address(address.address)
        case is LoginViewController:
            return ModelState.accounts(in: services.store, now: Int64(time(nil)))
        case let users as UsersPage:
            let presenter = (users.users.presenter as? UsersPresenterRecorder)?.presenter ?? users.users.presenter as? UsersPresenter
            return ModelState.users(query: presenter?.query ?? "", count: users.users.users?.count, loading: users.users.loading)
        case let note as NoteViewController:
            return ModelState.note(note.model)
        case is ChartPage:
            return services.chartIfMade.map(ModelState.chart) ?? []
        default:
            return []
        }
    }
}
