import Synchronization

/// Set by the task that gives up on some work, read by the thread that does it.
public final class CancelFlag: Sendable {
    private let flag = Atomic(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
