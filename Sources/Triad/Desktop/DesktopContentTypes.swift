import GtkKit
import TriadModel

/// The model's questions about what a file is (TriadModel's `ContentTypes`), answered by the
/// desktop's shared MIME database through GtkKit (GIO).
struct DesktopContentTypes: ContentTypes {
    func contentType(ofFile path: String) -> String? { GtkKit.contentType(ofFile: path) }
    func contentType(_ type: String, isA ancestor: String) -> Bool { GtkKit.contentType(type, isA: ancestor) }
}
