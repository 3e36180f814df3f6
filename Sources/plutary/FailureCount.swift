import Synchronization

/// Counts failed inputs across worker threads, for the exit status.
final class FailureCount: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
