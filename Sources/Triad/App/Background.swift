import GtkKit
import TriadModel

/// Runs slow work (hashing, verifying, importing) on a background thread and hands its result
/// back to the main loop, so the window keeps repainting meanwhile: the model's one thread
/// helper, then GtkKit's hop.
enum Background {
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T,
                                 then deliver: @escaping @Sendable @MainActor (T) -> Void) {
        BackgroundThread.start {
            let result = work()
            MainLoop.hop { deliver(result) }
        }
    }
}
