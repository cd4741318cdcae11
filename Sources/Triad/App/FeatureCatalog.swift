import GtkKit
import TriadModel

/// The features in the order the sidebar lists them.
enum FeatureCatalog {
    @MainActor static var pages: [PageEntry] {
        [
            PageEntry(name: "adder", title: L("Adder")) { context throws(BuilderError) in
                try AdderViewController(context: context)
            },
            PageEntry(name: "address", title: L("Address")) { context throws(BuilderError) in
                try AddressViewController(context: context)
            },
            PageEntry(name: "login", title: L("Login")) { context throws(BuilderError) in
                try LoginViewController(context: context)
            },
            PageEntry(name: "users", title: L("Users")) { context throws(BuilderError) in
                try UsersPageController(context: context)
            },
            PageEntry(name: "note", title: L("Note")) { context throws(BuilderError) in
                try NoteViewController(context: context)
            },
        ]
    }
}
