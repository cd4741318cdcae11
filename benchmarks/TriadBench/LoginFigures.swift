import Glibc
import GtkKit
import TriadModel

func loginFigures() {
    guard let hash = try? PasswordHasher.hash("correct horse battery") else {
        print("cannot hash")
        exit(1)
    }
    var verifyTimes: [Double] = []
    for _ in 0..<10 {
        let start = now()
        _ = PasswordHasher.verify("correct horse battery", against: hash)
        verifyTimes.append(now() - start)
    }
    print(
        "verify-ms median=\(milliseconds(median(verifyTimes))) min=\(milliseconds(verifyTimes.min() ?? 0)) max=\(milliseconds(verifyTimes.max() ?? 0)) runs=10"
    )

    let (offLoop, onLoop) = MainActor.assumeIsolated { () -> (Double, Double) in
        let off = longestStall(count: 5) { done in
            WorkerThread.start {  // as Accounts.logIn through the store's offMainLoop: the thread, then the hop
                _ = PasswordHasher.verify("wrong", against: hash)
                MainLoop.hop { done() }
            }
        }
        let on = longestStall(count: 5) { done in
            _ = PasswordHasher.verify("wrong", against: hash)
            MainLoop.hop { done() }
        }
        return (off, on)
    }
    print("login-stall-ms worker=\(milliseconds(offLoop)) on-main-loop=\(milliseconds(onLoop)) checks=5")

}
