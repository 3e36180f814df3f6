import Foundation
import Synchronization

/// The files waiting for a worker, shared by the import's worker threads.
final class ImportQueue: Sendable {
    private struct State {
        var pending: [(id: Int, url: URL)] = []
        var workers = 0
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Adds files; returns how many more workers to start (at most `parallelism` run).
    func add(_ files: [(id: Int, url: URL)], parallelism: Int) -> Int {
        state.withLock { state in
            state.pending += files
            state.cancelled = false
            let wanted = max(0, min(parallelism, state.pending.count + state.workers) - state.workers)
            state.workers += wanted
            return wanted
        }
    }

    /// The next file, or nil (and one worker fewer) when there is none or the import was cancelled.
    func next() -> (id: Int, url: URL)? {
        state.withLock { state in
            guard !state.cancelled, !state.pending.isEmpty else {
                state.workers -= 1
                return nil
            }
            return state.pending.removeFirst()
        }
    }

    /// Drops the files not started yet and returns their ids.
    func cancel() -> [Int] {
        state.withLock { state in
            state.cancelled = true
            defer { state.pending.removeAll() }
            return state.pending.map(\.id)
        }
    }
}
