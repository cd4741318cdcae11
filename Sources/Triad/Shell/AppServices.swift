import Glibc
import GtkKit
import TriadModel

/// The model objects shared by the whole app, created once by the application and handed to
/// each controller (never reached through singletons).
@MainActor
final class AppServices {
    let store: Store
    let hub = NotificationHub()
    /// The models' delays (the note's pause before a save, a failed save's next try).
    private let timers = MainLoopScheduler()
    /// Seed 004's shared model: one instance, handed to the note page and its flipside.
    let note: NoteModel
    /// The chart lesson's model, made with the chart page (most starts never show it) and kept
    /// here so that its last change is stored even when the app ends without its window.
    private(set) var chartIfMade: ChartModel?
    func chart() -> ChartModel {
        if let chartIfMade { return chartIfMade }
        let made = ChartModel(store: store, scheduler: timers)
        chartIfMade = made
        return made
    }
    /// Something the user must know from startup (a damaged file moved aside, an unusable folder).
    let startupNotice: String?
    /// The rules for new passwords, with the list of common passwords from the resource bundle
    /// (Resources/data/common-passwords.txt), read the first time a page needs it.
    lazy var passwordPolicy: PasswordPolicy = {
        let path = "\(AppInfo.resourceBase)/data/common-passwords.txt"
        guard let text = resourceText(path) else { fatalError("the resource bundle has no \(path)") }
        return PasswordPolicy(commonPasswords: text)
    }()

    /// The strength meter of the registration dialog (libpwquality and cracklib's dictionary,
    /// behind the policy's floor), made the first time the dialog opens.
    lazy var passwordMeter = PasswordMeter(policy: passwordPolicy)

    /// Seed 003's user service, the store's at scale (Sources/TriadModel/UserStore/AtScale/): a search
    /// per keystroke, one at a time, its answers run on the main loop before the next frame is
    /// drawn, and the rest of a long result collected once `frames` says the frame showing its
    /// first rows is drawn.
    func userService(frames: NextFrame) -> UserService {
        let service = StoreUserService(
            path: store.path, mainDatabase: store.database,
            deliver: { work in MainLoop.hop(beforeDrawing: true, work) },
            afterDrawing: { work in MainLoop.hop(beforeDrawing: true) { frames.run(work) } })
        return OneSearchAtATime(service)
    }

    /// The same, with the classic mistake of work on the main thread in place of the store's
    /// service (Sources/TriadModel/Users/Mistakes/), for the learner who chose it.
    func mainThreadUserService(frames: NextFrame) -> UserService {
        let service = MainThreadUserService(
            path: store.path, mainDatabase: store.database,
            deliver: { work in MainLoop.hop(beforeDrawing: true, work) },
            afterDrawing: { work in MainLoop.hop(beforeDrawing: true) { frames.run(work) } })
        return OneSearchAtATime(service)
    }

    /// Takes the store `startOpening(after:)` opened (waiting for it if need be) and starts its writer.
    init(opening: consuming Pending<OpenedStore>) {
        let opened = opening.value()
        store = opened.store
        startupNotice = opened.notice
        note = NoteModel(store: store, hub: hub, scheduler: timers)
        // Writes run on the store's writer thread and answer on the main loop: a busy or slow
        // disk never stalls the window (WriteQueue.swift).
        store.startWriter(deliver: { work in MainLoop.hop(work) })
    }

    /// The store as opened, with what the user must be told about it.
    struct OpenedStore {
        let store: Store
        let notice: String?
    }

    /// Opens the store on a worker thread, so that it does not wait in front of the first frame;
    /// the open for writing (the schema, the first run's users, a damaged file moved aside)
    /// waits for a value in `gate`, which `startup` sends in the one instance that runs. The
    /// integrity check runs before that, on a read-only connection that changes nothing
    /// (`Store.check`), so it may start while GTK starts, before this launch knows whether it
    /// hands over to a running Triad; the open then skips the check if the file is the one just
    /// checked. A store that cannot be opened becomes an in-memory one, and the
    /// notice says so.
    static func startOpening(after gate: BoundedChannel<Bool>) -> Pending<OpenedStore> {
        let directory = DataLocation.directory(appID: AppInfo.id)
        return Pending {
            let checked = Store.check(directory: directory)
            _ = gate.receive()
            return open(directory: directory, checked: checked)
        }
    }

    private nonisolated static func open(directory: String, checked: Store.CheckedFile?) -> OpenedStore {
        do {
            let store = try Store(directory: directory, checked: checked)
            try DemoUsers.addIfNew(to: store)
            let notice = store.recoveredFile.map {
                L("The data file was damaged and could not be read. It was moved to {path} and a new, empty one was started.").filling([
                    "path": $0
                ])
            }
            return OpenedStore(store: store, notice: notice)
        } catch {
            let reason = (error as? StoreError)?.detail ?? "\(error)"
            let notice = L("Triad cannot use its data folder {path} ({reason}). You can work, but nothing will be kept after you quit.")
                .filling(["path": directory, "reason": reason])
            do {
                let store = try Store(inMemory: ())
                try DemoUsers.addIfNew(to: store)
                return OpenedStore(store: store, notice: notice)
            } catch {
                fatalError("cannot create an in-memory SQLite database: \(error)")
            }
        }
    }

    /// `--generate-users N`: adds synthetic users to the store and reports how many.
    static func generateUsers(_ count: Int) -> Int32 {
        let directory = DataLocation.directory(appID: AppInfo.id)
        do {
            let store = try Store(directory: directory)
            try DemoUsers.addIfNew(to: store)
            try UserGenerator.generate(count, into: store)
            print(L("Added {count} users to {path}").filling(["count": String(count), "path": store.path]))
            return 0
        } catch {
            print(L("Could not add users: {reason}").filling(["reason": (error as? StoreError)?.userMessage ?? "\(error)"]))
            return 1
        }
    }

    /// `--import FILE`: the window's import without a window. The file is read as the import
    /// preview finds it (or as `encoding` and `separator` say), through the same importer, with
    /// its own connection and one transaction; the report is the window's. 0 when a user was
    /// added; 1 when none could be.
    static func importUsers(_ path: String, encoding: TextEncoding?, separator: CSVSeparator?) -> Int32 {
        let format: UserImporter.Format
        switch ImportFileKind.of(path, types: DesktopContentTypes()) {
        case .success(let kind): format = kind
        case .failure(let refusal):
            fputs("triad: \(refusal.message)\n", stderrStream)
            return 1
        }
        do {
            var preview = try ImportPreview.read(path: path, format: format)
            if let encoding { preview.setEncoding(encoding) }
            if let separator { preview.setSeparator(separator) }
            if let problem = preview.problem { throw problem }
            let options = preview.importOptions
            print(
                L("Reading “{path}” as {encoding}.").filling([
                    "path": path,
                    "encoding": options.format == .csv
                        ? L("{encoding}, separated by: {separator}").filling([
                            "encoding": options.encoding.title, "separator": options.separator.title,
                        ])
                        : options.encoding.title,
                ]))
            let store = try Store(directory: DataLocation.directory(appID: AppInfo.id))
            try DemoUsers.addIfNew(to: store)
            let report = try UserImporter.run(path: path, options: options, storePath: store.path, cancel: CancelFlag()) { _ in }.get()
            print(report.message)
            return report.added > 0 ? 0 : 1
        } catch {
            let message = (error as? ImportError)?.message ?? (error as? StoreError)?.userMessage ?? "\(error)"
            fputs("triad: \(message)\n", stderrStream)
            return 1
        }
    }

    /// `--export FILE`: the users (those `search` finds, if given) to a CSV or JSON file, as the
    /// page's menu writes them.
    static func exportUsers(to path: String, format: UserExporter.Format, search: String?) -> Int32 {
        do {
            let store = try Store(directory: DataLocation.directory(appID: AppInfo.id))
            try DemoUsers.addIfNew(to: store)
            let count = try UserExporter.run(to: path, format: format, search: search, storePath: store.path, cancel: CancelFlag()) { _ in }
                .get()
            print(
                LN("{count} user exported to “{name}”.", "{count} users exported to “{name}”.", count)
                    .filling(["count": formattedCount(count), "name": path]))
            return 0
        } catch {
            let message = (error as? ExportError)?.message ?? (error as? StoreError)?.userMessage ?? "\(error)"
            fputs("triad: \(message)\n", stderrStream)
            return 1
        }
    }

    /// Stores what is still unsaved before the app exits. The window's close already stored the
    /// note (and stayed open if it could not); this catches an exit without a window (SIGTERM
    /// at logout, a session ending), and says on stderr if even that failed.
    func close() {
        store.writes.finishPendingWrites()  // a save asked for just before quitting is not dropped
        do {
            try note.saveBeforeExit()
        } catch {
            let reason = StoreError.wrapping(error)
            fputs(L("Triad could not store the note's last edits before quitting:") + " \(reason.cause) (\(reason.detail))\n", stderrStream)
            fflush(stderrStream)
        }
        do {
            try chartIfMade?.saveBeforeExit()
        } catch {
            let reason = StoreError.wrapping(error)
            fputs(
                L("Triad could not store the chart's last change before quitting:") + " \(reason.cause) (\(reason.detail))\n", stderrStream)
            fflush(stderrStream)
        }
    }
}
