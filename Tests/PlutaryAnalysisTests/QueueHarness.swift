import Foundation
import PlutaryCore
import Synchronization
import Testing

/// One store with one receipt (with an image) and one job, a fast clock and a
/// queue over a provider pointed at a scripted server.
final class QueueHarness: Sendable {
    let database: AppDatabase
    let receipts: ReceiptRepository
    let jobs: AnalysisJobRepository
    let clock = FastClock()
    let receiptId: String
    let original: ReceiptPayload
    /// The JPEG every upload sends.
    let image: Data
    private let eventLog = Mutex<[AnalysisQueueEvent]>([])

    var events: [AnalysisQueueEvent] { eventLog.withLock { $0 } }

    /// `local` is the receipt as the person left it before the upload.
    init(local: ReceiptPayload = ReceiptPayload(notes: "keep me", imageSha256: String(repeating: "ab", count: 32)),
         image: Data = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9])) async throws {
        self.image = image
        database = try AppDatabase.inMemory()
        receipts = ReceiptRepository(database: database)
        jobs = AnalysisJobRepository(database: database)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES (?, '/nonexistent', 1, '2026-01-01')",
                           arguments: [local.imageSha256])
        }
        receiptId = try await receipts.save(local)
        original = try await receipts.receipt(id: receiptId)!
    }

    func queue(_ configuration: AnalysisConfiguration, token: String? = "test-token", maxAttempts: Int = 5,
               concurrency: Int = 2) -> AnalysisQueue {
        AnalysisQueue(
            jobs: jobs, policy: RetryPolicy(maxAttempts: maxAttempts, random: { 0 }), concurrency: concurrency, clock: clock,
            makeProvider: { () throws(AnalysisError) in
                do { return try configuration.makeProvider(token: token) } catch let error as AnalysisError { throw error } catch {
                    throw .notConfigured(reason: "\(error)")
                }
            },
            readImage: { [image] _ in image },
            onEvent: { [self] event in self.eventLog.withLock { $0.append(event) } })
    }

    /// Queues the receipt and runs the queue until nothing is left to do (or it pauses).
    @discardableResult
    func run(_ configuration: AnalysisConfiguration, token: String? = "test-token", maxAttempts: Int = 5) async throws -> AnalysisJob {
        let outcome = try await jobs.enqueue(receiptIds: [receiptId], provider: configuration.provider.rawValue, now: clock.now())
        let queue = queue(configuration, token: token, maxAttempts: maxAttempts)
        await queue.start()
        await queue.waitUntilIdle()
        await queue.stop()
        return try #require(try await jobs.job(id: outcome.jobIds[0]))
    }

    var receipt: ReceiptPayload { get async throws { try await receipts.receipt(id: receiptId)! } }
}
