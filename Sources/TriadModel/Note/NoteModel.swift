// Seed 004: one shared model with a `text` property; the flipside view edits it and the main
// view observes it. Here the model is one instance made by the application and handed to both
// controllers (the seed's alternative to its `sharedModel` singleton).

/// Seed 004's `Model`: the note's text, observable, stored in the store by itself.
@MainActor
public final class NoteModel {
    private let store: Store
    private let hub: NotificationHub
    private let observers = ObserverList<String>(name: "note.text")
    private let saver: NoteSaver

    /// The note. Every change notifies observers (once, with the new value) and posts
    /// `.noteChanged`; it is stored once the typing pauses.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            saver.changed(to: text)
            observers.notify(text)
            hub.post(.noteChanged)
        }
    }

    /// The note as last stored in `store`; its changes are posted on `hub`, and stored after the
    /// delays `scheduler` keeps (the app's main loop; without one, only when asked).
    public init(store: Store, hub: NotificationHub, scheduler: any Scheduler = ManualClock()) {
        self.store = store
        self.hub = hub
        let stored = (try? store.database.scalar("SELECT text FROM note WHERE id = 1"))??.text ?? ""
        text = stored
        saver = NoteSaver(writes: store.writes, text: stored, scheduler: scheduler)
    }

    /// The Observer pattern, the model's own way: `handler` gets each new value.
    public func observeText(_ handler: @escaping (String) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    // MARK: Saving (NoteSaver.swift)

    /// True when `text` has changed since it was last stored.
    public var hasUnsavedChanges: Bool { saver.hasUnsavedChanges }
    /// Told how the saves go, for the page to say: "saving" when one takes long enough to be
    /// noticed, then saved, or failed (and tried again a while later).
    public var saveStateChanged: (@MainActor (NoteSaveState) -> Void)? {
        get { saver.told }
        set { saver.told = newValue }
    }

    /// Stores the text now, through the store's write queue (never waiting on the main loop for
    /// another program); `done` gets nil once it is stored, or the error, after which the text
    /// stays unsaved and is tried again later.
    public func save(_ done: @escaping @MainActor (StoreError?) -> Void = { _ in }) { saver.save(done) }

    /// The window is closing: stores the last edits now rather than after the pause; nil at once
    /// when there is nothing to store.
    public func saveBeforeClosing(_ done: @escaping @MainActor (StoreError?) -> Void) { saver.saveBeforeClosing(done) }

    /// The last chance at quit, when no main loop runs any more: stores the text after the
    /// writes already queued, and waits for it.
    public func saveBeforeExit() throws { try saver.saveBeforeExit() }

    // MARK: The flipside's update mode

    /// When the flipside publishes its edits, as last chosen (as the person types, the first time).
    /// The choice made in this run is answered from memory: its write waits its turn on the
    /// writer thread, and a window opened again at once must not find the choice before it.
    public var updateMode: NoteUpdateMode {
        chosenMode ?? NoteUpdateMode(rawValue: store.setting("note.updateMode") ?? "") ?? .asYouType
    }
    private var chosenMode: NoteUpdateMode?

    /// Keeps `mode` for the next time the flipside opens; `done` gets nil once it is stored, or
    /// the error.
    public func rememberUpdateMode(_ mode: NoteUpdateMode, _ done: @escaping @MainActor (StoreError?) -> Void) {
        chosenMode = mode
        store.writes.write({ database in try Store.setSetting("note.updateMode", mode.rawValue, in: database) }, then: done)
    }

    /// The first characters of the text, for a label that must stay cheap to lay out.
    nonisolated public static func preview(_ text: String, limit: Int = 2_000) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}

/// When the flipside publishes its edits: the seed updates on every keystroke; its closing remark
/// suggests publishing only when the flipside closes.
public enum NoteUpdateMode: String, Sendable {
    /// Every keystroke reaches the model at once, as in the seed.
    case asYouType = "as-you-type"
    /// The edits reach the model when the flipside closes.
    case onClose = "on-close"
}

/// The Edit Note window's draft of the note (seed 004's flipside): each edit the window's
/// controller hands it (`textChanged`) is published to the shared model now, or when the window
/// closes, as the mode says. In the model, so that it is tested without a window.
@MainActor
public final class NoteDraft {
    private let model: NoteModel
    private var pending: String?
    /// When edits are published; switching to ``NoteUpdateMode/asYouType`` publishes what is held back.
    public var mode: NoteUpdateMode {
        didSet { if mode == .asYouType { publishPending() } }
    }

    /// An editor that publishes to `model` as `mode` says.
    public init(model: NoteModel, mode: NoteUpdateMode) {
        self.model = model
        self.mode = mode
    }

    /// The text the window starts with.
    public var initialText: String { model.text }

    /// The seed's `textChanged`: the field's new text.
    public func textChanged(_ text: String) {
        switch mode {
        case .asYouType: model.text = text
        case .onClose: pending = text
        }
    }

    /// The window is closing: publish what is still held back.
    public func close() { publishPending() }

    private func publishPending() {
        if let pending { model.text = pending }
        pending = nil
    }
}
