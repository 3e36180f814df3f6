import Foundation

/// The queue's time: the wall clock in the app, a fast-forwarding one in tests
/// so backoff is checked without waiting for it.
public protocol AnalysisClock: Sendable {
    func now() -> Date
    /// Returns at `date` (or at once when it has passed); throws when cancelled.
    func sleep(until date: Date) async throws
}

/// The real clock.
public struct SystemAnalysisClock: AnalysisClock {
    public init() {}

    public func now() -> Date { Date() }

    public func sleep(until date: Date) async throws {
        let seconds = date.timeIntervalSinceNow
        if seconds > 0 { try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    }
}
