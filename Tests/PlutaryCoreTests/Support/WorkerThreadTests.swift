import Foundation
import Testing
@testable import PlutaryCore

struct WorkerThreadTests {
    @Test func theWorkRunsOnAThreadOfItsOwnAndItsResultOrErrorComesBack() async throws {
        let onWorker = try await WorkerThread.run { WorkerThread.isCurrent }
        #expect(onWorker && !WorkerThread.isCurrent)
        struct Failed: Error {}
        await #expect(throws: Failed.self) { try await WorkerThread.run { () throws -> Int in throw Failed() } }
    }
}
