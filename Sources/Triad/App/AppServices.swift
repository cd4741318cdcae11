import Glibc
import TriadModel

/// The model objects shared by the whole app, created once by the application and handed to
/// each controller (never reached through singletons).
@MainActor
final class AppServices {
    let store: Store
    let hub = NotificationHub()
    /// Seed 004's shared model: one instance, handed to the note page and its flipside.
    let note: NoteModel
    /// Something the user must know from startup (a damaged file moved aside, an unusable folder).
    let startupNotice: String?

    private init(store: Store, startupNotice: String?) {
        self.store = store
        self.startupNotice = startupNotice
        note = NoteModel(store: store, hub: hub)
    }

    static func open() -> AppServices {
        let directory = DataLocation.directory(environment: DataLocation.processEnvironment)
        do {
            let store = try Store(directory: directory)
            let notice = store.recoveredFile.map {
                L("The data file was damaged and could not be read. It was moved to {path} and a new, empty one was started.").filling(["path": $0])
            }
            return AppServices(store: store, startupNotice: notice)
        } catch {
            let reason = (error as? StoreError)?.detail ?? "\(error)"
            let notice = L("Triad cannot use its data folder {path} ({reason}). You can work, but nothing will be kept after you quit.")
                .filling(["path": directory, "reason": reason])
            do {
                return AppServices(store: try Store(inMemory: ()), startupNotice: notice)
            } catch {
                fatalError("cannot create an in-memory SQLite database: \(error)")
            }
        }
    }

    /// `--generate-users N`: adds synthetic users to the store and reports how many.
    static func generateUsers(_ count: Int) -> Int32 {
        let directory = DataLocation.directory(environment: DataLocation.processEnvironment)
        do {
            let store = try Store(directory: directory)
            try UserGenerator.generate(count, into: store)
            print(L("Added {count} users to {path}").filling(["count": String(count), "path": store.path]))
            return 0
        } catch {
            print(L("Could not add users: {reason}").filling(["reason": (error as? StoreError)?.userMessage ?? "\(error)"]))
            return 1
        }
    }

    /// Stores what is still unsaved (the note's last edits) before the app exits.
    func close() {
        try? note.save()
    }
}
