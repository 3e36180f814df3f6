import Foundation

/// A view model's reads as the person changes what to show: each runs off the
/// main actor, and its result is applied only when no newer read started
/// meanwhile, so a slow old read never overwrites a newer one.
@MainActor
final class LatestLoad {
    private var generation = 0
    private var current: Task<Void, Never>?

    /// Reads with `work` off the main actor; `apply` gets the result on the main actor unless a newer read started.
    func start<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value,
                                apply: @escaping @MainActor (Result<Value, Error>) -> Void) {
        generation += 1
        let ticket = generation
        current = Task {
            let result = await Task.detached(priority: .userInitiated) { Result { try work() } }.value
            guard ticket == self.generation else { return }
            apply(result)
        }
    }

    /// Returns once the newest read has been applied (reads started meanwhile included).
    func finish() async {
        while let task = current {
            await task.value
            if current == task { return }
        }
    }
}
