import Foundation

/// Runs blocking work (OCR, image files) on a thread of its own and awaits its result, for
/// async code that must call it: a thread of Swift's cooperative pool (one per core) held for
/// seconds leaves the app's async database reads waiting for the other.
public enum WorkerThread {
    private static let marker = "plutary.worker-thread"

    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                Thread.current.threadDictionary[marker] = true
                continuation.resume(with: Result { try work() })
            }.start()
        }
    }

    /// True on a thread `run` started (Foundation on Linux does not hand a thread's name to the thread itself).
    public static var isCurrent: Bool { Thread.current.threadDictionary[marker] != nil }
}
