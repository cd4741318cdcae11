import GtkKit
import TriadModel

/// The Messages pane's one seam into the lessons, woven where the pages are made
/// (Shell/FeatureCatalog.swift). Each part a lesson object is given (its model, its presenter, its
/// service, the address book, the delegate its view tells) is given through a stand-in: an object
/// that speaks the same protocol, passes every message on to the lesson's part unchanged, and
/// records it while the pane is open. With the pane closed a message costs the stand-in's call
/// and one check. The stand-ins are made once, with the page, and stay: nothing is put in or
/// taken out when the pane opens or closes, and the lessons, which hold their parts as the
/// protocols they already speak, name none of this.
///
/// Two other doors record what needs no stand-in: GtkKit's watchers (every target-action
/// emission, binding, and table's question to its data source or its editing delegate) and the
/// model's ObservationTap (every observer told, notification posted and observable changed).
/// MessagesRecorder listens at both.
@MainActor
enum Seam {
    // MARK: Parts a lesson holds strongly: it holds the stand-in instead

    /// The adder's model, as `caller` (the MVC controller, the MVP presenter or the MVVM view
    /// model) calls it.
    static func adderModel(_ model: any AdderModelProtocol = AdderModel(), calledBy caller: MessageRole) -> any AdderModelProtocol {
        Objects.add(model)
        return AdderModelRecorder(model, caller: caller)
    }

    /// The MVP adder's presenter, as its passive view calls it; the view it attaches is told
    /// through a stand-in too.
    static func adderPresenter(_ presenter: any AdderPresenterProtocol) -> any AdderPresenterProtocol {
        Objects.add(presenter)
        return AdderPresenterRecorder(presenter)
    }

    /// Seed 000's address book, as its controller calls it; the delegate the controller sets is
    /// told through a stand-in too. In the pane's travel, a Save in the past waits for the
    /// learner's word (Travel/AddressBookTraveller.swift).
    static func addressBook(_ book: any AddressBookProtocol) -> any AddressBookProtocol {
        Objects.add(book)
        return AddressBookTraveller(AddressBookRecorder(book))
    }

    /// Seed 003's presenter, as its view controller calls it; the view it attaches is told
    /// through a stand-in too.
    static func usersPresenter(_ presenter: any UsersPresenterProtocol) -> any UsersPresenterProtocol {
        Objects.add(presenter)
        return UsersPresenterRecorder(presenter)
    }

    /// The users' service, whose answers reach the presenter of type `presenter`.
    static func userService(_ service: UserService, answering presenter: AnyObject.Type) -> UserService {
        Objects.add(service)
        return UserServiceRecorder(service, answering: presenter)
    }

    /// The chart's one model, as every view's controller (and the page) calls it: a view added
    /// to the page and given this model has its calls recorded too. The pane's travel can show
    /// them a recorded poll through it (Travel/ChartModelTraveller.swift).
    static func chartModel(_ model: any ChartModelProtocol) -> any ChartModelProtocol {
        Objects.add(model)
        return ChartModelTraveller(ChartModelRecorder(model))
    }

    /// A page, as the window asks it whether it may close (seed 002's *should*).
    static func page(_ page: PageController) -> PageController {
        let recorder = PageRecorder(page)
        Objects.add(recorder)
        return recorder
    }

    // MARK: Delegates a view holds weakly: the stand-in lives as long as the view

    /// The MVC adder's controller, as its view tells it. A view holds its delegate weakly, and
    /// its stand-in is kept as long as the view lives; a view that holds its delegate strongly
    /// (the mistake of StrongDelegateAdderView) holds its stand-in so, and the stand-in then
    /// holds the controller as strongly: the seam keeps what the lesson keeps, no more and no less.
    static func adderDelegate(_ controller: AdderViewController) -> AdderViewController {
        var standIn = AdderViewDelegateRecorder(controller)
        controller.view.delegate = standIn
        if isKnownUniquelyReferenced(&standIn) {
            StandIns.keep(standIn, whileAlive: controller.view)
        } else {
            standIn.holdStrongly()
        }
        Objects.add(controller)
        return controller
    }

    /// The chart's bar and pie controllers, as their views tell them.
    static func chartDelegates(_ page: ChartPage) -> ChartPage {
        let bars = BarChartViewDelegateRecorder(page.bars)
        page.bars.view.delegate = bars
        StandIns.keep(bars, whileAlive: page.bars.view)
        let pie = PieChartViewDelegateRecorder(page.pie)
        page.pie.view.delegate = pie
        StandIns.keep(pie, whileAlive: page.pie.view)
        Objects.add(page)
        return page
    }

    /// Makes the registration dialog's controller as the login page asks, with a stand-in for its
    /// delegate (the login controller).
    static func registration(
        _ accounts: Accounts, _ meter: PasswordMeter, _ window: Window, _ delegate: RegisterViewDelegate
    ) -> RegisterViewController {
        let standIn = RegisterViewDelegateRecorder(delegate)
        let controller = RegisterViewController(accounts: accounts, meter: meter, over: window, delegate: standIn)
        StandIns.keep(standIn, whileAlive: controller)
        Objects.add(controller)
        return controller
    }
}

/// Stand-ins for delegates that their views hold weakly, as UIKit holds a delegate: each is kept
/// here as long as the object that holds it lives. A stand-in holds its lesson object weakly
/// too, so that nothing here keeps a page alive.
@MainActor
enum StandIns {
    private final class Entry {
        weak var owner: AnyObject?
        let standIn: AnyObject
        init(_ owner: AnyObject, _ standIn: AnyObject) {
            self.owner = owner
            self.standIn = standIn
        }
    }
    private static var entries: [Entry] = []

    static func keep(_ standIn: AnyObject, whileAlive owner: AnyObject) {
        entries.removeAll { $0.owner == nil }
        entries.append(Entry(owner, standIn))
    }

    /// How many are kept now, their owners alive.
    static var count: Int {
        entries.removeAll { $0.owner == nil }
        return entries.count
    }
}

/// Records one message received by `receiver`'s member `member` (its `#function`), if the pane
/// is open: the check comes first, and the text (and the values Copy as Test calls again with)
/// are made only then.
@inline(__always)
func recordReceived(
    _ from: MessageRole, _ to: MessageRole, _ channel: MessageChannel, _ text: @autoclosure () -> String,
    by receiver: AnyObject, _ member: String, arguments: @autoclosure () -> [String]? = nil
) {
    MessageLog.shared.record(from, to, channel, text(), receiver: type(of: receiver), member: member, arguments: arguments())
}
