import GtkKit
import TriadModel

/// The features in the order the sidebar lists them (Alt+1…5 follow it).
///
/// Each page is built from the recording versions of its parts (Messages/Recording/): subclasses
/// of the page's controller, view and model that tell the Messages pane what they receive while
/// it is open, and otherwise only pass it on. The lessons' own files know nothing of them.
enum FeatureCatalog {
    @MainActor static var pages: [PageEntry] {
        [
            PageEntry(name: "adder", title: L("Adder"), make: RecordingPages.adder),
            PageEntry(name: "address", title: L("Address"), make: RecordingPages.address),
            PageEntry(name: "login", title: L("Login"), make: RecordingPages.login),
            PageEntry(name: "users", title: L("Users"), make: RecordingPages.users),
            PageEntry(name: "note", title: L("Note"), make: RecordingPages.note),
        ]
    }
}
