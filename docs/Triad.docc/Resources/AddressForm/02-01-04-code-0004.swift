import GtkKit
import TriadModel

/// The features in the order the sidebar lists them (Alt+1…5 follow it), each made from its
/// lesson's own classes and the model objects the app shares (AppServices).
enum FeatureCatalog {
    @MainActor static var pages: [PageEntry] {
        [
            PageEntry(name: "adder", title: L("Adder")) { services, _ in
                AdderPage(store: services.store)
            },
            PageEntry(name: "address", title: L("Address")) { services, window in
                AddressViewController(store: services.store, window: window.asWindow)
            },
        ]
    }
}
