import Glibc
import GtkKit
import TriadModel

/// `TRIAD_SEAM_FIGURES=N` (benchmarks only): what the Messages pane's stand-ins cost while the
/// pane is closed, which is always, unless a learner opens it. N sums through the adder's model
/// given as the app gives it (through its stand-in) and N through the same model given plainly;
/// N of the MVC view's questions to its delegate through the stand-in the seam puts there and
/// straight to the controller. Prints `seam-model ns=…` and `seam-delegate ns=…` with the woven
/// and the plain figure of each round, and quits.
@MainActor
enum SeamFigures {
    static var requestedCalls: Int? {
        getenv("TRIAD_SEAM_FIGURES").flatMap { Int(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil }
    }

    static func measure(calls: Int, services: AppServices, then quit: @escaping @MainActor () -> Void) {
        MainLoop.whenIdle {
            var model: [String] = []
            var delegate: [String] = []
            for _ in 0..<5 {
                model.append("\(modelCall(Seam.adderModel(calledBy: .controller), calls)),\(modelCall(AdderModel(), calls))")
                let woven = Seam.adderDelegate(AdderViewController(store: services.store))
                let plain = AdderViewController(store: services.store)
                delegate.append("\(delegateCall(woven, calls)),\(delegateCall(plain, calls))")
            }
            print("seam-model ns=\(model.joined(separator: ";")) calls=\(calls)")
            print("seam-delegate ns=\(delegate.joined(separator: ";")) calls=\(calls)")
            fflush(nil)
            quit()
        }
    }

    /// Nanoseconds a sum takes: the model's `set`, then `total`.
    private static func modelCall(_ model: any AdderModelProtocol, _ calls: Int) -> Int {
        let texts = ["40", "2", "41", "3"]
        let start = MainLoop.microseconds
        for call in 0..<calls { try? model.set(texts[call & 3], texts[(call + 1) & 3]) }
        var total: Int64 = 0
        for _ in 0..<calls { total &+= (try? model.total()) ?? 0 }
        withExtendedLifetime(total) {}
        return (MainLoop.microseconds - start) * 1000 / max(1, 2 * calls)
    }

    /// Nanoseconds the view's question to its delegate takes (`getTotalVal`, which asks the model).
    private static func delegateCall(_ controller: AdderViewController, _ calls: Int) -> Int {
        try? controller.model.set("40", "2")
        let start = MainLoop.microseconds
        var shown = 0
        for _ in 0..<calls {
            if case .total = controller.view.delegate?.getTotalVal() { shown += 1 }
        }
        withExtendedLifetime(shown) {}
        return (MainLoop.microseconds - start) * 1000 / max(1, calls)
    }
}
