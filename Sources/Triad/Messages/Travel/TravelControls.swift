import GtkKit
import TriadModel

/// The Messages pane's travel controls, the row under the list: the Time slider over the
/// recorded messages, Step Back and Step Forward, Travel Here for the selected row (Enter or a
/// double-click on it too), and Back to Now. Travelling sets the shown page's models to what
/// they held right after a message (TravelsInTime, PageMoments.swift), and every view follows as
/// it follows any change; the rows after that moment stay, dimmed.
///
/// Looking at the past writes nothing: the page first stores what it has not stored yet, then
/// the store's writes are held (WriteQueue's `hold`) until Back to Now puts the present back and
/// answers them unrun, so a crash in the past leaves the file as it was when travel began. A
/// change made in the past starts a new present, as an edit after an undo ends what could be
/// redone: once the learner agrees to drop the later rows, the held writes run, and the page's
/// ordinary save stores the change.
@MainActor
final class TravelControls: LearningTool {
    /// The controls of the open pane, which a stand-in asks before a change in the past.
    private(set) static weak var current: TravelControls?

    let travel = TimeTravel()
    let view: MessagesView
    private(set) weak var pages: PageHost?
    private let stepBackButton: Button
    private let stepForwardButton: Button
    private let hereButton: Button
    private let nowButton: Button
    private let scale: Scale
    private let label: Label
    /// The question of a new present is on screen.
    var asking = false
    /// Travel waits for the page's last changes to be stored.
    private var beginning = false
    /// The slider is being put where the page is (not moved by anyone).
    private var placingScale = false
    /// What the last step did that the learner must read, until the next step.
    var notice: String?
    /// Told after each move, for the pane to show the rows and the state again.
    var moved: (@MainActor () -> Void)?
    /// The session opened from a file, shown in the recording's place (TravelControls+Session).
    var openedSession: OpenedSession?
    /// Told when an opened session leaves the pane.
    var sessionClosed: (@MainActor () -> Void)?

    init(view: MessagesView, pages: PageHost) {
        self.view = view
        self.pages = pages
        stepBackButton = view.detail("step_back_button")
        stepForwardButton = view.detail("step_forward_button")
        hereButton = view.detail("travel_here_button")
        nowButton = view.detail("back_to_now_button")
        scale = view.detail("time_scale")
        label = view.detail("travel_label")
        // Target-action: each control to one method.
        stepBackButton.on(.clicked, target: self, action: TravelControls.stepBack)
        stepForwardButton.on(.clicked, target: self, action: TravelControls.stepForward)
        hereButton.on(.clicked, target: self, action: TravelControls.travelHere)
        nowButton.on(.clicked, target: self, action: TravelControls.backToNow)
        scale.on(.changeValue, target: self, action: TravelControls.scaleMoved)
        scale.on(.valueChanged, target: self, action: TravelControls.scaleSet)
        view.list.on(.rowActivated, target: self, action: TravelControls.travelHere)
        skipButton.on(.clicked, target: self, action: TravelControls.skip)
    }

    /// The pane opened.
    func start() {
        Self.current = self
        update()
    }

    /// The pane closes: the page comes back to the present first.
    func stop() {
        backToNow()
        if Self.current === self { Self.current = nil }
    }

    /// Whether the page is in the past.
    var isTravelling: Bool { travel.isTravelling }

    /// Whether the message `id` is a row after the moment travelled to, or the row skipped (shown dimmed).
    func isLater(id: Int) -> Bool { travel.isLater(id: id) || id == travel.skippedID }

    /// The page shown, if its models can be set back.
    var shownPage: (name: String, page: TravelsInTime)? {
        guard let pages, let name = pages.shownPage, let page = pages.page(named: name) as? TravelsInTime, page.travels else { return nil }
        return (name, page)
    }

    /// The page travelled on.
    var travelledPage: TravelsInTime? {
        guard let name = travel.page else { return nil }
        return pages?.page(named: name) as? TravelsInTime
    }

    /// Where the slider is: how many messages the page has been through (all of them: now).
    private func position(in messages: [LoggedMessage]) -> Int {
        guard let id = travel.pointID, let index = messages.index(ofID: id) else { return messages.count }
        return index + 1
    }

    // MARK: Moving

    private func stepBack() {
        let messages = MessageLog.shared.messages
        let target = position(in: messages) - 1
        if target >= 1 { go(to: target - 1) }
    }

    private func stepForward() {
        let messages = MessageLog.shared.messages
        let target = position(in: messages) + 1
        if target >= messages.count { backToNow() } else { go(to: target - 1) }
    }

    /// Skip: the page without the selected message (TravelControls+Skip.swift).
    private func skip() { skipSelected() }

    private func travelHere() {
        guard let index = view.selectedIndex else { return }
        go(to: index)
    }

    /// The slider moved by a person: the page follows, and the slider is put where the page is.
    private func scaleMoved(_ change: RangeChange) -> Bool {
        let messages = MessageLog.shared.messages
        let current = position(in: messages)
        let target: Int =
            switch change {
            case .stepped(let steps): current + steps
            case .paged(let pages): current + pages * 10
            case .moved(let value): Int(value.rounded())
            }
        if target >= messages.count {
            backToNow()
        } else if target >= 1 {
            go(to: target - 1)
        }
        update()
        return true
    }

    /// A screen reader sets the slider's value without a move (GTK skips `.changeValue`).
    private func scaleSet() {
        guard !placingScale else { return }
        let target = Int(scale.value.rounded())
        if target != position(in: MessageLog.shared.messages) { _ = scaleMoved(.moved(to: Double(target))) }
    }

    /// Sets the shown page to the moment right after `messages[index]`; the first move stores
    /// what the page has not stored yet and holds the store.
    func go(to index: Int, skipping: Bool = false) {
        let messages = MessageLog.shared.messages
        guard !asking, !beginning, messages.indices.contains(index) else { return }
        notice = nil
        let id = messages[index].id
        if travel.isTravelling {
            travel.move(to: id)
            return arrive(at: id, skipping: skipping)
        }
        guard let pages, let shown = shownPage else { return update() }
        let (name, page) = shown
        guard let present = MessageLog.shared.readingState({ page.present(services: pages.services) }) else { return }
        beginning = true
        page.storeBeforeTravel(services: pages.services) { [weak self] error in
            guard let self, let pages = self.pages else { return }
            beginning = false
            if let error {
                notice = L("Travel waits until the page's last changes are stored: {reason}").filling(["reason": error.userMessage])
                return update()
            }
            let messages = MessageLog.shared.messages
            guard messages.contains(where: { $0.id == id }) else { return update() }
            pages.services.store.writes.hold()
            MessageLog.shared.startNewRows()
            travel.begin(at: id, page: name, present: present, lastID: messages.last?.id ?? id)
            arrive(at: id, skipping: skipping)
        }
    }

    /// Sets the page travelled on to the moment travelled to.
    func apply() {
        guard let pages, let page = travelledPage, let id = travel.pointID, let moment = travel.shown(in: MessageLog.shared.messages)
        else { return update() }
        let applied = MessageLog.shared.readingState { page.travel(to: moment, services: pages.services) }
        if !applied { notice = L("This message was sent on another page: this page stays as it was at the last message before it.") }
        moved?()
        // The row travelled to in view: the rows after it are what the page has not been through.
        if let index = MessageLog.shared.messages.index(ofID: id) { view.scroll(toMessage: index) }
    }

    /// Puts the present back, exactly as travel found it, and answers the held writes unrun.
    func backToNow() {
        guard travel.isTravelling, !asking else {
            if !asking { closeSession() }
            return
        }
        notice = nil
        let page = travelledPage
        let present = travel.end()
        if let pages {
            if let page, let present {
                MessageLog.shared.readingState {
                    _ = page.travel(to: present, services: pages.services)
                    page.settle(services: pages.services)
                }
            }
            pages.services.store.writes.discard()
        }
        closeSession()
        moved?()
    }

    // MARK: Showing

    /// The slider's ends and place, the buttons that can act, and where in time the page is.
    func update() {
        let messages = MessageLog.shared.messages
        let count = messages.count
        let page = shownPage
        let position = position(in: messages)
        placingScale = true
        scale.bounds = Double(min(1, count))...Double(max(1, count))
        scale.value = Double(position)
        placingScale = false
        let canMove = page != nil && !asking && !beginning
        scale.isSensitive = canMove && count > 1
        stepBackButton.isSensitive = canMove && position > 1
        stepForwardButton.isSensitive = canMove && travel.isTravelling
        nowButton.isSensitive = (travel.isTravelling || openedSession != nil) && !asking
        hereButton.isSensitive = canMove && view.selectedIndex != nil
        updateSkip(canMove: canMove)
        if let notice {
            label.text = notice
            return
        }
        guard travel.isTravelling else {
            label.text =
                page == nil
                ? L("This page's models are not set back in time: choose its lesson without a mistake to travel.")
                : L("Now. Select a message and choose Travel Here, or drag Time, to see the page as it was right after it.")
            return
        }
        let later = travel.laterCount(in: messages)
        label.text = LN(
            "After message {index} of {count}: {later} later message is dimmed. Nothing is stored while you travel.",
            "After message {index} of {count}: {later} later messages are dimmed. Nothing is stored while you travel.", later
        ).filling(["index": formattedCount(position), "count": formattedCount(count), "later": formattedCount(later)])
    }
}
