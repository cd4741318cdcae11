import GtkKit
import TriadModel

/// What the Messages pane needs of the window to stand in for its pages: the pages built so far,
/// the one shown, and a way to put a stand-in in a page's place (MainWindowController).
@MainActor
protocol PageHost: AnyObject {
    var shownPage: String? { get }
    var builtPages: [String] { get }
    var services: AppServices { get }
    func page(named name: String) -> PageController?
    func replacePage(named name: String, with controller: PageController)
}

/// The Messages pane's one seam into the lessons. While the pane is open, each built page's parts
/// are reached through stand-ins (Recorders.swift) put where the lesson keeps them: a delegate,
/// a passive view, a model, a presenter, a service, a table's data source, and the page itself as
/// the window asks it to close. Closing the pane puts every part back. The lessons name none of
/// this: they hold their parts as the protocols they already speak.
///
/// Some parts come later than the pane (the registration dialog's controller, the adder's MVP and
/// MVVM): `refresh` puts stand-ins in for those after each action a person takes.
@MainActor
final class Seam {
    private weak var host: PageHost?
    /// What was put in place, by page, and how to put the parts back.
    private var attached: [String: Attachment] = [:]

    private final class Attachment {
        /// The stand-ins, kept here: the lessons hold delegates and views weakly.
        var standIns: [AnyObject] = []
        /// The parts already given stand-ins.
        var parts: Set<ObjectIdentifier> = []
        var restore: [@MainActor () -> Void] = []
    }

    init(host: PageHost) { self.host = host }

    /// Puts stand-ins in every built page.
    func attach() {
        guard let host else { return }
        for name in host.builtPages { attach(page: name) }
    }

    /// Puts stand-ins in `name`'s page (built since), and in parts a page made since.
    func attach(page name: String) {
        guard let host, let built = host.page(named: name) else { return }
        let attachment = attached[name] ?? Attachment()
        if attached[name] == nil {
            attached[name] = attachment
            let recorder = PageRecorder(built)
            host.replacePage(named: name, with: recorder)
            attachment.restore.append { [weak host] in host?.replacePage(named: name, with: built) }
        }
        let page = (built as? PageRecorder)?.page ?? built
        attachParts(of: page, to: attachment)
    }

    /// Parts made since the last look (after a person's action).
    func refresh() {
        for name in attached.keys { attach(page: name) }
    }

    /// Puts every part back as it was.
    func detach() {
        for attachment in attached.values {
            for restore in attachment.restore.reversed() { restore() }
        }
        attached = [:]
    }

    /// The lesson page behind a stand-in, if `page` is one.
    static func lessonPage(_ page: PageController?) -> PageController? { (page as? PageRecorder)?.page ?? page }

    private func attachParts(of page: PageController, to attachment: Attachment) {
        func once(_ part: AnyObject, _ attach: () -> Void) {
            guard attachment.parts.insert(ObjectIdentifier(part)).inserted else { return }
            attach()
        }
        switch page {
        case let adder as AdderPage:
            once(adder.mvc) { attachMVC(adder.mvc, attachment) }
            if let mvp = adder.mvp { once(mvp) { attachMVP(mvp, attachment) } }
            if let mvvm = adder.mvvm { once(mvvm) { attachMVVM(mvvm.viewModel, attachment) } }
        case let address as AddressViewController:
            once(address) { attachAddress(address, attachment) }
        case let login as LoginViewController:
            if let registration = login.registration { once(registration) { attachRegistration(registration, of: login, attachment) } }
        case let users as UsersPage:
            once(users.users) { attachUsers(users.users, attachment) }
        case let chart as ChartPage:
            once(chart) { attachChart(chart, attachment) }
        default:
            break  // the note: its messages pass the observer registry and GtkKit, nothing to stand in for
        }
    }

    private func attachMVC(_ controller: AdderViewController, _ attachment: Attachment) {
        let delegate = AdderViewDelegateRecorder(controller)
        controller.view.delegate = delegate
        let model = controller.model
        controller.model = AdderModelRecorder(model, caller: .controller)
        attachment.standIns.append(delegate)
        attachment.restore.append { [weak controller] in
            controller?.view.delegate = controller
            controller?.model = model
        }
    }

    private func attachMVP(_ view: AdderPassiveView, _ attachment: Attachment) {
        guard let presenter = view.presenter as? AdderPresenter else { return }
        let passive = AdderPassiveViewRecorder(view)
        view.presenter = AdderPresenterRecorder(presenter)
        presenter.attachView(passive)
        let model = presenter.model
        presenter.model = AdderModelRecorder(model, caller: .presenter)
        attachment.standIns.append(passive)
        attachment.restore.append { [weak view] in
            guard let view else { return }
            view.presenter = presenter
            presenter.attachView(view)
            presenter.model = model
        }
    }

    private func attachMVVM(_ viewModel: AdderViewModel, _ attachment: Attachment) {
        let model = viewModel.model
        viewModel.model = AdderModelRecorder(model, caller: .viewModel)
        attachment.restore.append { [weak viewModel] in viewModel?.model = model }
    }

    private func attachAddress(_ controller: AddressViewController, _ attachment: Attachment) {
        let book = controller.book
        let delegate = AddressBookDelegateRecorder(controller)
        book.delegate = delegate
        controller.book = AddressBookRecorder(book)
        attachment.standIns.append(delegate)
        attachment.restore.append { [weak controller] in
            book.delegate = controller
            controller?.book = book
        }
    }

    private func attachRegistration(_ registration: RegisterViewController, of login: LoginViewController, _ attachment: Attachment) {
        let delegate = RegisterViewDelegateRecorder(login)
        registration.delegate = delegate
        attachment.standIns.append(delegate)
        attachment.restore.append { [weak registration, weak login] in registration?.delegate = login }
    }

    private func attachUsers(_ controller: UsersViewController, _ attachment: Attachment) {
        guard let presenter = controller.presenter as? UsersPresenter else { return }
        let view = UsersViewRecorder(controller)
        let rows = TableDataSourceRecorder(controller)
        let service = presenter.service
        controller.presenter = UsersPresenterRecorder(presenter)
        presenter.attachView(view)
        presenter.service = UserServiceRecorder(service, answering: presenter)
        controller.table.dataSource = rows
        attachment.standIns += [view, rows]
        attachment.restore.append { [weak controller] in
            presenter.service = service
            guard let controller else { return }
            controller.presenter = presenter
            presenter.attachView(controller)
            controller.table.dataSource = controller
        }
    }

    /// The chart: one recorder for the model the page and its three controllers share, and the
    /// table's and the charts' delegates and the table's data source. A change then shows as the
    /// view's message to its controller, the controller's call to the model, and the model's one
    /// message to all its observers.
    private func attachChart(_ page: ChartPage, _ attachment: Attachment) {
        let model = page.model
        let recorder = ChartModelRecorder(model)
        page.model = recorder
        page.values.model = recorder
        page.bars.model = recorder
        page.pie.model = recorder
        let table = page.values.view.table
        let editing = TableEditingDelegateRecorder(page.values)
        let rows = TableDataSourceRecorder(page.values)
        let bars = BarChartViewDelegateRecorder(page.bars)
        let pie = PieChartViewDelegateRecorder(page.pie)
        table.editingDelegate = editing
        table.dataSource = rows
        page.bars.view.delegate = bars
        page.pie.view.delegate = pie
        attachment.standIns += [editing, rows, bars, pie]
        attachment.restore.append { [weak page] in
            guard let page else { return }
            page.model = model
            page.values.model = model
            page.bars.model = model
            page.pie.model = model
            page.values.view.table.editingDelegate = page.values
            page.values.view.table.dataSource = page.values
            page.bars.view.delegate = page.bars
            page.pie.view.delegate = page.pie
        }
    }
}
