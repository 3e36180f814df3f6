import Foundation

/// Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 5 minutes,
/// each stretched by up to a quarter at random so many clients do not retry in step.
public struct RetryPolicy: Sendable {
    public var maxAttempts: Int
    public var base: TimeInterval
    public var cap: TimeInterval
    /// A number in 0..<1; injectable so tests know the delays.
    public var random: @Sendable () -> Double

    public init(maxAttempts: Int, base: TimeInterval = 1, cap: TimeInterval = 300,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.maxAttempts = max(1, maxAttempts)
        self.base = base
        self.cap = cap
        self.random = random
    }

    /// The wait after failed attempt number `attempt` (1-based).
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        let exponential = base * pow(2, Double(max(0, attempt - 1)))
        return min(cap, exponential * (1 + 0.25 * random()))
    }
}
