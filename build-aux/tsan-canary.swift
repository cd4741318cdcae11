// A deliberate data race: two threads increment one counter without a lock. `make test-tsan`
// builds this with the thread sanitizer first and requires a report, so a pass with 0 reports
// means the sanitizer was watching, not that it was blind.
import Glibc

final class Counter: @unchecked Sendable { var value = 0 }
let counter = Counter()
var threads: [pthread_t] = []
for _ in 0..<2 {
    var thread = pthread_t()
    pthread_create(
        &thread, nil,
        { argument in
            let counter = Unmanaged<Counter>.fromOpaque(argument!).takeUnretainedValue()
            for _ in 0..<10_000 { counter.value += 1 }
            return nil
        }, Unmanaged.passUnretained(counter).toOpaque())
    threads.append(thread)
}
for thread in threads { pthread_join(thread, nil) }
print("counted \(counter.value)")
