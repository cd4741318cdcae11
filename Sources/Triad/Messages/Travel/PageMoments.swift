import GtkKit
import TriadModel

/// A page whose models can be set back to a recorded moment: the State tab's protocol, one step
/// further. Reading a moment is reading the state; setting one goes through the lesson's own
/// objects, the way a change of the model goes, so that every view follows as it follows any
/// change. Each page answers from its lesson's objects as they are, as for the State tab.
@MainActor
protocol TravelsInTime: ShowsModelState {
    /// Whether this page's models can be set back at all.
    var travels: Bool { get }
    /// The page's models now, as they can be set back to.
    func moment(services: AppServices) -> PageMoment?
    /// The same, with what the page needs beyond its models to come back exactly.
    func present(services: AppServices) -> PageMoment?
    /// Sets the page's models to `moment`; false when the moment is another page's.
    func travel(to moment: PageMoment, services: AppServices) -> Bool
    /// Stores what the page's models hold and the store has not got yet, before the store is
    /// held; `done` hears nil once it is stored.
    func storeBeforeTravel(services: AppServices, _ done: @escaping @MainActor (StoreError?) -> Void)
    /// Back in the present, with the store still held: the models' savers are asked to store
    /// what they hold, which the store already has (their writes are then answered unrun).
    func settle(services: AppServices)
}

extension TravelsInTime {
    var travels: Bool { true }
    func present(services: AppServices) -> PageMoment? { moment(services: services) }
    func storeBeforeTravel(services: AppServices, _ done: @escaping @MainActor (StoreError?) -> Void) { done(nil) }
    func settle(services: AppServices) {}
}

extension PageRecorder: TravelsInTime {
    private var lesson: TravelsInTime? { lessonPage as? TravelsInTime }
    var travels: Bool { lesson?.travels ?? false }
    func moment(services: AppServices) -> PageMoment? { lesson?.moment(services: services) }
    func present(services: AppServices) -> PageMoment? { lesson?.present(services: services) }
    func travel(to moment: PageMoment, services: AppServices) -> Bool { lesson?.travel(to: moment, services: services) ?? false }
    func storeBeforeTravel(services: AppServices, _ done: @escaping @MainActor (StoreError?) -> Void) {
        guard let lesson else { return done(nil) }
        lesson.storeBeforeTravel(services: services, done)
    }
    func settle(services: AppServices) { lesson?.settle(services: services) }
}

extension AdderPage: TravelsInTime {
    /// The model of the pattern shown, and that pattern's widgets.
    private var shown: (model: any AdderModelProtocol, widgets: AdderWidgets)? {
        switch pattern {
        case .mvc: mvc.map { (model: $0.model, widgets: $0.view.widgets) }
        case .mvp: mvp.map { (model: $0.presenter.model, widgets: $0.widgets) }
        case .mvvm: mvvm.map { (model: $0.viewModel.model, widgets: $0.widgets) }
        }
    }

    func moment(services: AppServices) -> PageMoment? {
        shown.map { .adder(first: $0.model.first, second: $0.model.second, typed: nil) }
    }

    func present(services: AppServices) -> PageMoment? {
        shown.map {
            .adder(
                first: $0.model.first, second: $0.model.second, typed: [$0.widgets.firstEntry.text, $0.widgets.secondEntry.text],
                shownError: Self.fieldError(shownIn: $0.widgets))
        }
    }

    /// The error shown for a field's text, read as a screen reader reads it: the marked field's
    /// description is the error's sentence. (An error of the sum needs no reading: the model's
    /// numbers bring it back.)
    private static func fieldError(shownIn widgets: AdderWidgets) -> AdderError? {
        for (field, entry) in [(AdderField.first, widgets.firstEntry), (.second, widgets.secondEntry)] {
            let said = entry.accessibleDescription
            guard !said.isEmpty else { continue }
            return [AdderError.empty(field), .notAWholeNumber(field), .outOfRange(field)].first { $0.message == said }
        }
        return nil
    }

    /// Texts that make the pattern's own route show `error` and keep the model's numbers: the
    /// other field holds its number, the field the error belongs to a text of that kind.
    private static func texts(showing wanted: AdderError, first: Int64, second: Int64) -> [String]? {
        let wrong: String
        switch wanted {
        case .empty: wrong = ""
        case .notAWholeNumber: wrong = "?"
        case .outOfRange: wrong = String(Int64.max) + "0"
        case .sumTooLarge, .sumTooSmall: return nil
        }
        let texts = wanted.field == .first ? [wrong, String(second)] : [String(first), wrong]
        do throws(AdderError) {
            try AdderModel().set(texts[0], texts[1])
        } catch {
            return error == wanted ? texts : nil
        }
        return nil
    }

    /// The adder's model is not observed: its views show it when Add is pressed, each pattern
    /// its own way (the MVC controller's answer, the presenter's `showSum`, the view model's
    /// bound `sum`). So the numbers go where a person types them, and Add is pressed: the
    /// pattern's own route sets the model, and its view shows what comes back.
    /// Coming back to a present that showed an error for a field's text, Add is pressed once
    /// more with a text that the model refuses in the same way, keeping its numbers.
    func travel(to moment: PageMoment, services: AppServices) -> Bool {
        guard case .adder(let first, let second, let typed, let shownError) = moment, let widgets = shown?.widgets else { return false }
        widgets.firstEntry.text = String(first)
        widgets.secondEntry.text = String(second)
        widgets.addButton.click()
        if let shownError, let texts = Self.texts(showing: shownError, first: first, second: second) {
            widgets.firstEntry.text = texts[0]
            widgets.secondEntry.text = texts[1]
            widgets.addButton.click()
        }
        if let typed, typed.count == 2 {
            widgets.firstEntry.text = typed[0]
            widgets.secondEntry.text = typed[1]
        }
        return true
    }
}

extension AddressViewController: TravelsInTime {
    func moment(services: AppServices) -> PageMoment? { .address(address, typed: nil) }
    func present(services: AppServices) -> PageMoment? { .address(address, typed: view.form) }

    /// Seed 000's property observer does it: setting `address` runs its `didSet`, which shows it.
    /// Coming back, the fields get what was typed in them.
    func travel(to moment: PageMoment, services: AppServices) -> Bool {
        guard case .address(let recorded, let typed) = moment else { return false }
        address = recorded
        if let typed { view.show(typed) }
        return true
    }
}

extension NoteViewController: TravelsInTime {
    func moment(services: AppServices) -> PageMoment? { .note(model.text) }

    /// The note's text is set as an edit sets it: its observers (this page, and the Edit Note
    /// window while it is open) follow; its save waits in the held store.
    func travel(to moment: PageMoment, services: AppServices) -> Bool {
        guard case .note(let text) = moment else { return false }
        model.text = text
        return true
    }

    func storeBeforeTravel(services: AppServices, _ done: @escaping @MainActor (StoreError?) -> Void) { model.save(done) }
    func settle(services: AppServices) { model.save() }
}

extension ChartPage: TravelsInTime {
    private var traveller: ChartModelTraveller? { model as? ChartModelTraveller }
    var travels: Bool { traveller != nil }

    func moment(services: AppServices) -> PageMoment? { .chart(model.poll) }

    /// The chart's views are told the recorded poll as they are told any change, by the model
    /// they were given; the chart's own model, which stores itself at each change, stays as it is.
    func travel(to moment: PageMoment, services: AppServices) -> Bool {
        guard case .chart(let poll) = moment, let traveller else { return false }
        traveller.show(poll)
        return true
    }

    /// The present: the chart's own model again.
    func settle(services: AppServices) { traveller?.show(nil) }

    func storeBeforeTravel(services: AppServices, _ done: @escaping @MainActor (StoreError?) -> Void) {
        guard let chart = services.chartIfMade else { return done(nil) }
        chart.save(done)
    }
}
