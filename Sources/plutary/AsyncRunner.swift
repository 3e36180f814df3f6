import Foundation

/// Runs async work from a synchronous command (the root command is not async,
/// so its subcommands cannot be) and waits for it on the calling thread.
enum AsyncRunner {
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// `run` for work that throws: the error is thrown on the calling thread.
    static func runThrowing<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let result: Result<T, Error> = run {
            do { return .success(try await work()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        // Written once before the semaphore is signalled, read after it is waited on.
        var value: T?
    }
}
