import Foundation
import Synchronization

/// A "exported 1200/48000" line on standard error, rewritten in place when
/// standard error is a terminal; otherwise, for long runs only, printed every
/// tenth (for logs, and for tests that watch a long import).
final class ProgressLine: Sendable {
    private let label: String
    private let terminal = isatty(STDERR_FILENO) != 0
    private let lastTenth = Mutex(-1)
    private let wrote = Atomic(false)

    init(label: String) {
        self.label = label
    }

    var report: @Sendable (Int, Int) -> Void {
        { [self] done, total in
            guard total > 0, terminal || total >= 1000 else { return }
            if terminal {
                Diagnostics.write("\r\(label) \(done)/\(total)")
                wrote.store(true, ordering: .relaxed)
            } else {
                let tenth = done * 10 / total
                let changed = lastTenth.withLock { last in
                    defer { last = max(last, tenth) }
                    return tenth > last
                }
                if changed { Diagnostics.write("\(label) \(done)/\(total)\n") }
            }
        }
    }

    /// Ends the rewritten line, so what follows starts on its own.
    func end() {
        if wrote.load(ordering: .relaxed) { Diagnostics.write("\n") }
    }
}
