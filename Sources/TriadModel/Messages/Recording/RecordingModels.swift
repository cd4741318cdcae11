// The model objects as the Messages pane sees them: each subclass records the messages its class
// receives, then lets the class handle them, unchanged. The app builds its pages from these
// (Sources/Triad/Messages/Recording/RecordingPages.swift), so the lessons' own files hold no
// recording code at all. While the pane is closed each override costs one read of a flag.
//
// A recording points at the line of the method that received the message (`receiver:`), which
// the pane finds in the sources compiled into the app.

/// Seed 001's model: `set` and `total`, asked by the controller, the presenter or the view model
/// of the adder's three patterns (`caller`).
public final class RecordingAdderModel: AdderModel {
    private let caller: MessageRole

    /// A model whose messages are recorded as coming from `caller`.
    public init(caller: MessageRole = .controller) {
        self.caller = caller
    }

    /// Records the `set` message, then sets the numbers as ``AdderModel`` does.
    override public func set(_ firstText: String, _ secondText: String) throws(AdderError) {
        MessageLog.shared.record(caller, .model, .call, "model.set(\"\(firstText)\", \"\(secondText)\")",
                                 receiver: AdderModel.self, member: #function)
        try super.set(firstText, secondText)
    }

    /// Records the `total` message, then answers as ``AdderModel`` does.
    override public func total() throws(AdderError) -> Int64 {
        MessageLog.shared.record(caller, .model, .call, "model.total()", receiver: AdderModel.self, member: #function)
        return try super.total()
    }
}

/// The adder as MVP: what the passive view hands its presenter.
@MainActor
public final class RecordingAdderPresenter: AdderPresenter {
    /// Records the view's `add` message, then presents the sum as ``AdderPresenter`` does.
    override public func add(_ first: String, _ second: String) {
        MessageLog.shared.record(.view, .presenter, .call, "add(\"\(first)\", \"\(second)\")", receiver: AdderPresenter.self, member: #function)
        super.add(first, second)
    }
}

/// Seed 000's model: the controller asks the book to save what the form holds.
@MainActor
public final class RecordingAddressBook: AddressBook {
    /// Records the controller's `save` message, then saves as ``AddressBook`` does.
    override public func save(_ form: AddressForm) {
        MessageLog.shared.record(.controller, .model, .call, "book.save(form)", receiver: AddressBook.self, member: #function)
        super.save(form)
    }
}

/// Seed 004's shared model: its `text` property observer, as it fires.
@MainActor
public final class RecordingNoteModel: NoteModel {
    /// The note's text; a change is recorded before the model's own observer runs.
    override public var text: String {
        // Recorded as the value is set, so that the row comes before the observer and the
        // notification the model's own `didSet` sends.
        willSet {
            if newValue != text {
                MessageLog.shared.record(.model, .model, .propertyObserver, "note.text changed (\(newValue.count) characters)",
                                         receiver: NoteModel.self, member: "text")
            }
        }
    }
}

/// Seed 003's presenter: what its view controller asks of it.
@MainActor
public final class RecordingUsersPresenter: UsersPresenter {
    /// The search the presenter was last asked for, for the state tab.
    public private(set) var query = ""

    /// Records the controller's search, then runs it as ``UsersPresenter`` does.
    override public func getUsers(matching query: String = "") {
        self.query = query
        MessageLog.shared.record(.controller, .presenter, .call, "getUsers(matching: \"\(query)\")",
                                 receiver: UsersPresenter.self, member: #function)
        super.getUsers(matching: query)
    }
}

/// Seed 003's service, seen from the presenter: each answer it calls back with.
@MainActor
public final class RecordingUserService: UserService {
    private let service: UserService

    /// A service that passes each search on to `service` and records its answer.
    public init(_ service: UserService) {
        self.service = service
    }

    /// Searches `service`, then records its answer before handing it to `completion`.
    public func getUsers(matching query: String, completion: @escaping @MainActor (UserLoadResult) -> Void) {
        service.getUsers(matching: query) { result in
            let name = switch result {
            case .success: ".success"
            case .firstRows: ".firstRows"
            case .failure: ".failure"
            }
            MessageLog.shared.record(.store, .presenter, .delegate, "callBack(\(name))", receiver: UsersPresenter.self,
                                     member: "getUsers(matching:)")
            completion(result)
        }
    }
}
