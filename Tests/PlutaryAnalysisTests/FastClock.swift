import Foundation
import PlutaryCore
import Synchronization

/// A clock whose sleeps return at once after moving "now" forward, recording
/// each wait: backoff is checked exactly without waiting for it.
final class FastClock: AnalysisClock {
    private let state: Mutex<(now: Date, sleeps: [TimeInterval])>

    init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex((start, []))
    }

    func now() -> Date { state.withLock { $0.now } }

    var sleeps: [TimeInterval] { state.withLock { $0.sleeps } }

    func sleep(until date: Date) async throws {
        state.withLock { value in
            let wait = date.timeIntervalSince(value.now)
            if wait > 0 {
                value.sleeps.append((wait * 1000).rounded() / 1000)
                value.now = date
            }
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}
