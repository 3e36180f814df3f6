import Foundation

/// The one way a view model (or a view: a chart's layout, the review's image) moves work off the main actor:
/// each request runs on the concurrent executor, a new request cancels the one before
/// (GRDB's async reads then stop their query), and a result is applied only when no
/// newer request started meanwhile, so a slow old read never overwrites a newer one.
/// An optional delay debounces requests made as the person types.
@MainActor
public final class LatestLoad {
    private var generation = 0
    private var current: Task<Void, Never>?

    public init() {}

    /// Runs `work` off the main actor after `delay`; `apply` gets the result on the main actor
    /// unless a newer request started. Cancelled work is never applied. The task returned
    /// ends when the result is applied, or is cancelled by a newer request.
    @discardableResult
    public func start<Value: Sendable>(after delay: Duration? = nil,
                                       _ work: @escaping @Sendable @concurrent () async throws -> Value,
                                       apply: @escaping @MainActor (Result<Value, Error>) -> Void) -> Task<Void, Never> {
        generation += 1
        let ticket = generation
        current?.cancel()
        let task = Task {
            if let delay, delay > .zero {
                try? await Task.sleep(for: delay)
            }
            guard !Task.isCancelled else { return }
            let result: Result<Value, Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            guard ticket == self.generation, !Task.isCancelled else { return }
            apply(result)
        }
        current = task
        return task
    }

    /// `start` for code that awaits its work in line: the work's result, or nil when a
    /// newer request superseded it (or the caller's task was cancelled).
    public func run<Value: Sendable>(_ work: @escaping @Sendable @concurrent () async throws -> Value) async -> Result<Value, Error>? {
        let outcome = Outcome<Value>()
        await start(work) { outcome.result = $0 }.value
        return outcome.result
    }

    @MainActor
    private final class Outcome<Value> {
        var result: Result<Value, Error>?
    }

    /// Drops the pending request: its query is cancelled and its result never applied.
    public func cancel() {
        generation += 1
        current?.cancel()
        current = nil
    }

    /// Returns once the newest request has been applied (requests started meanwhile included).
    public func finish() async {
        while let task = current {
            await task.value
            if current == task { return }
        }
    }
}
