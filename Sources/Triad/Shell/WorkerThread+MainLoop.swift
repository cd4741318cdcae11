import GtkKit
import TriadModel

extension WorkerThread {
    /// Runs slow work (an import, an export) on a worker thread and hands its result to `deliver`
    /// on the main loop, so the window keeps drawing meanwhile: the model's thread helper, then
    /// GtkKit's hop back.
    static func run<T: Sendable>(
        _ work: @escaping @Sendable () -> T,
        then deliver: @escaping @Sendable @MainActor (T) -> Void
    ) {
        start {
            let result = work()
            MainLoop.hop { deliver(result) }
        }
    }
}
