import GtkKit
import TriadModel

/// The Messages pane's session row: Save Session… writes the messages and the page's models
/// after each to a `.triad-session` file; Open Session… reads one and travels through it
/// (TravelControls+Session), its page shown first. The file is read and checked by the model
/// (MessageSession); what is wrong with a file is said in the row, and the page, the recording
/// and the store stay as they were.
@MainActor
final class SessionController: LearningTool {
    private let view: MessagesView
    private let travel: TravelControls
    private weak var pages: PageHost?
    private let saveButton: Button
    private let openButton: Button
    private let label: Label
    private var chooser: Owned<FileChooser>?

    init(view: MessagesView, travel: TravelControls, pages: PageHost) {
        self.view = view
        self.travel = travel
        self.pages = pages
        saveButton = view.detail("save_session_button")
        openButton = view.detail("open_session_button")
        label = view.detail("session_label")
        // Target-action: each button to one method.
        saveButton.on(.clicked, target: self, action: SessionController.chooseSaveFile)
        openButton.on(.clicked, target: self, action: SessionController.chooseOpenFile)
        travel.sessionClosed = weakly(self, SessionController.closed)
    }

    private var filters: [FileFilter] {
        [FileFilter(L("Triad sessions"), mimeTypes: [MessageSession.mimeType], patterns: ["*.\(MessageSession.fileExtension)"])]
    }

    // MARK: Saving

    private func chooseSaveFile() {
        guard chooser == nil, let pages else { return }
        guard !MessageLog.shared.messages.isEmpty else { return say(L("There are no messages to save yet: use the page first.")) }
        let page = travel.travel.page ?? travel.openedSession?.session.page ?? pages.shownPage ?? "session"
        chooser = chooseFile(
            .save, title: L("Save Session"), accept: L("_Save"), cancel: L("_Cancel"), over: view.root, filters: filters,
            suggestedName: "\(page).\(MessageSession.fileExtension)",
            chosen: { [weak self] path in self?.save(to: path) }, answered: { [weak self] in self?.chooser = nil })
    }

    /// Writes the session: the messages as the pane has them, and the page's models after the
    /// last one (the present, or an opened session's own ending).
    func save(to path: String) {
        guard let pages, let name = travel.openedSession?.session.page ?? travel.travel.page ?? pages.shownPage else { return }
        let messages = MessageLog.shared.messages
        var now = travel.travel.ending ?? travel.travel.present?.model
        if now == nil, let page = pages.page(named: name) as? TravelsInTime, page.travels {
            now = MessageLog.shared.readingState { page.moment(services: pages.services) }
        }
        let session = MessageSession.recorded(page: name, appVersion: AppInfo.version, messages: messages, now: now)
        do {
            try session.write(to: path)
            say(
                LN("{count} message saved as a session in “{name}”.", "{count} messages saved as a session in “{name}”.", messages.count)
                    .filling(["count": formattedCount(messages.count), "name": fileName(path)]))
        } catch {
            say(error.message)
        }
    }

    // MARK: Opening

    private func chooseOpenFile() {
        guard chooser == nil else { return }
        chooser = chooseFile(
            .open, title: L("Open Session"), accept: L("_Open"), cancel: L("_Cancel"), over: view.root, filters: filters,
            chosen: { [weak self] path in self?.open(path) }, answered: { [weak self] in self?.chooser = nil })
    }

    /// Reads the session at `path` and travels through it, its page shown first; a file that
    /// cannot be a session is named, and nothing changes.
    func open(_ path: String) {
        guard let pages else { return }
        let session: MessageSession
        do {
            session = try MessageSession.read(from: path)
        } catch {
            return say(L("“{name}” was not opened. {reason}").filling(["name": fileName(path)]).filling(["reason": error.message]))
        }
        if pages.shownPage != session.page {
            guard pages.hasPage(named: session.page) else {
                return say(
                    L("“{name}” was recorded on a page this Triad does not have: “{page}”.")
                        .filling(["name": fileName(path)]).filling(["page": session.page]))
            }
            pages.showPage(named: session.page)
            guard pages.shownPage == session.page else {
                return say(L("The session's page could not be shown: answer the page shown first, then open the session again."))
            }
        }
        if let refusal = travel.open(session, fileName: fileName(path)) { return say(refusal) }
        say(
            LN(
                "Session “{name}”: {count} message recorded on the {page} page by Triad {version}. Back to Now closes it.",
                "Session “{name}”: {count} messages recorded on the {page} page by Triad {version}. Back to Now closes it.",
                session.messages.count
            )
            .filling(["count": formattedCount(session.messages.count)]).filling(["page": pages.title(ofPage: session.page)])
            .filling(["version": session.appVersion]).filling(["name": fileName(path)]))
    }

    /// The opened session left the pane.
    private func closed() { say(L("The session is closed: the pane shows the messages recorded here again.")) }

    private func say(_ text: String) {
        label.text = text
        label.isVisible = !text.isEmpty
    }

    private func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
