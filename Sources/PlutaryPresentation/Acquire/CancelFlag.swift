import Synchronization

/// Set on the main thread, read by the thread that scans.
final class CancelFlag: Sendable {
    private let flag = Atomic(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
