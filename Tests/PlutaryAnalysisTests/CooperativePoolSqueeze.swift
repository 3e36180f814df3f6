import Foundation
import GRDB
import PlutaryCore

/// Runs an operation the way the app's start-up once deadlocked: every reader of a file
/// store held by an async read, and all threads but one of Swift's cooperative pool busy.
/// GRDB's async read hands its connection back only after it resumes on that pool, so
/// the held reads come back only if the operation leaves the last thread free; one that
/// blocks it in a synchronous read (waiting for a connection) deadlocks. The busy threads
/// are let go afterwards whatever happened, so a failure never hangs the tests after it.
final class CooperativePoolSqueeze: Sendable {
    let database: AppDatabase
    private let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-squeeze-\(UUID().uuidString)")
        database = try AppDatabase.open(at: StoreLocation(directory: directory))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Whether the held reads came back while `operation` ran on the last free thread.
    func readsReturn(while operation: @escaping @Sendable () async -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            // Orchestrated from a thread of its own: its waits must not take a pool thread.
            Thread.detachNewThread { continuation.resume(returning: self.squeeze(operation)) }
        }
    }

    private func squeeze(_ operation: @escaping @Sendable () async -> Void) -> Bool {
        let readers = (database.writer as? DatabasePool)?.configuration.maximumReaderCount ?? 5
        // Every task at one priority: libdispatch keeps a cooperative pool, one thread per core, per priority.
        let priority = TaskPriority.userInitiated
        let busy = DispatchSemaphore(value: 0), letGo = DispatchSemaphore(value: 0)
        let blockers = max(0, ProcessInfo.processInfo.activeProcessorCount - 1)
        for _ in 0..<blockers {
            Task.detached(priority: priority) {
                busy.signal()
                letGo.wait()
            }
        }
        for _ in 0..<blockers { _ = busy.wait(timeout: .now() + 5) }

        let entered = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0), returned = DispatchSemaphore(value: 0)
        for _ in 0..<readers {
            Task.detached(priority: priority) { [database] in
                _ = try? await database.writer.read { _ in
                    entered.signal()
                    gate.wait()
                }
                returned.signal()
            }
        }
        for _ in 0..<readers { _ = entered.wait(timeout: .now() + 10) }

        let finished = DispatchSemaphore(value: 0)
        Task.detached(priority: priority) {
            await operation()
            finished.signal()
        }
        // Long enough for an operation that blocks to be blocked before the readers are let go.
        Thread.sleep(forTimeInterval: 0.5)
        for _ in 0..<readers { gate.signal() }
        var allReturned = true
        for _ in 0..<readers where returned.wait(timeout: .now() + 5) == .timedOut { allReturned = false }

        for _ in 0..<blockers { letGo.signal() }
        if !allReturned {
            for _ in 0..<readers { _ = returned.wait(timeout: .now() + 30) }
        }
        _ = finished.wait(timeout: .now() + 30)
        return allReturned
    }
}
