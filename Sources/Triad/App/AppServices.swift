import TriadModel

/// The model objects shared by the whole app, created once by the application and handed to
/// each controller (never reached through singletons).
@MainActor
final class AppServices {
    static func open() -> AppServices { AppServices() }
    func close() {}
}
