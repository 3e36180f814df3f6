import Foundation

/// How a live service runs blocking C work (OCR, SANE, image files) for its async methods:
/// on a thread of its own, at a lowered priority, its result awaited. Never on a thread of
/// Swift's cooperative pool (one per core): one held for seconds leaves the app's async
/// database reads waiting for the other, and the lowered priority keeps the window's main
/// loop answering while every core reads receipts.
public enum WorkerThread {
    private static let marker = "plutary.worker-thread"

    /// Runs `work` on a new thread and returns its result. Cancelling the awaiting task
    /// reaches the work: before the thread starts it, `work` never runs (CancellationError);
    /// after, `isCancelled` turns true for work that can stop early, and work that cannot
    /// finishes and its result comes back.
    public static func run<Value: Sendable>(
        _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value
    ) async throws -> Value {
        try Task.checkCancellation()
        let flag = CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    Thread.current.threadDictionary[marker] = true
                    ThreadPriority.lowerCurrentThread()
                    continuation.resume(with: Result {
                        if flag.isCancelled { throw CancellationError() }
                        return try work { flag.isCancelled }
                    })
                }
                thread.name = "plutary-worker"
                thread.start()
            }
        } onCancel: {
            flag.cancel()
        }
    }

    /// `run` for work that cannot stop part way.
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await run { _ in try work() }
    }

    /// True on a thread `run` started (Foundation on Linux does not hand a thread's name to the thread itself).
    public static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }
}
