import Foundation
import Synchronization
import Testing
@testable import PlutaryCore

struct WorkerThreadTests {
    @Test func theWorkRunsOnAThreadOfItsOwnAndItsResultOrErrorComesBack() async throws {
        let onWorker = try await WorkerThread.run { WorkerThread.isCurrent }
        #expect(onWorker && !WorkerThread.isCurrent)
        struct Failed: Error {}
        await #expect(throws: Failed.self) { try await WorkerThread.run { () throws -> Int in throw Failed() } }
    }

    /// Reading receipts on every core must leave the window's main loop answering at once.
    @Test func theThreadRunsAtALowerPriority() async throws {
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let niceness = try await WorkerThread.run { getpriority(which, 0) }
        #expect(niceness >= 10)
        #endif
    }

    @Test func workCancelledBeforeItStartsNeverRuns() async {
        let ran = Atomic(false)
        let task = Task {
            // Cancelled by the time it asks for its thread.
            while !Task.isCancelled { await Task.yield() }
            return try await WorkerThread.run { ran.store(true, ordering: .relaxed) }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }

    /// The work sees the cancel (a scanner stops within one read) and its result still comes back.
    @Test func cancellingTheAwaitingTaskReachesTheRunningWork() async throws {
        let started = DispatchSemaphore(value: 0)
        let task = Task {
            try await WorkerThread.run { isCancelled -> String in
                started.signal()
                while !isCancelled() { usleep(1000) }
                return "stopped"
            }
        }
        // Waited for off the cooperative pool, on a thread of its own.
        _ = try await WorkerThread.run { started.wait() }
        task.cancel()
        #expect(try await task.value == "stopped")
    }
}
