import Foundation
import GRDB

/// The `analysis_jobs` table: every state change is one transaction, so a
/// crash at any point leaves each job in a state the queue can resume from.
public struct AnalysisJobRepository: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct EnqueueOutcome: Sendable, Equatable {
        /// Job ids now live (new, or already pending or uploading) for the receipts asked.
        public var jobIds: [String]
        /// Receipts left out: no image to send, or (when asked) already analysed.
        public var skipped: [String]
    }

    /// Queues one job per receipt, unless one is already pending or uploading
    /// (the same job is never queued twice); `skipAnalysed` also skips receipts
    /// with a finished job (the CLI re-run after a crash). Async: the app awaits it off the main actor.
    @discardableResult
    public func enqueue(receiptIds: [String], provider: String, now: Date, skipAnalysed: Bool = false) async throws -> EnqueueOutcome {
        try await database.writer.write { db in
            var outcome = EnqueueOutcome(jobIds: [], skipped: [])
            for receiptId in receiptIds {
                if let live = try String.fetchOne(db, sql: """
                    SELECT id FROM analysis_jobs WHERE receipt_id = ? AND state IN ('pending', 'uploading')
                    """, arguments: [receiptId]) {
                    outcome.jobIds.append(live)
                    continue
                }
                if skipAnalysed, try Bool.fetchOne(db, sql: """
                    SELECT EXISTS(SELECT 1 FROM analysis_jobs WHERE receipt_id = ? AND state = 'done')
                    """, arguments: [receiptId]) == true {
                    outcome.skipped.append(receiptId)
                    continue
                }
                guard let image = try String.fetchOne(db, sql: "SELECT image_sha256 FROM receipts WHERE id = ?", arguments: [receiptId]) else {
                    outcome.skipped.append(receiptId)
                    continue
                }
                let id = UUID().uuidString.lowercased()
                let stamp = Self.stamp(now)
                try db.execute(sql: """
                    INSERT INTO analysis_jobs(id, receipt_id, image_sha256, provider, state, attempts, next_attempt_at, created_at, updated_at)
                    VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?)
                    """, arguments: [id, receiptId, image, provider, stamp, stamp, stamp])
                outcome.jobIds.append(id)
            }
            return outcome
        }
    }

    /// Uploads cut short by a crash go back to pending, due now. The claim
    /// counted the attempt, so a job whose upload keeps crashing the app fails
    /// once it has had `maxAttempts`, instead of crashing every start.
    @discardableResult
    public func recoverInterrupted(now: Date, maxAttempts: Int) throws -> Int {
        try database.writer.write { db in
            try db.execute(sql: """
                UPDATE analysis_jobs SET state = 'failed', next_attempt_at = NULL, updated_at = ?,
                    last_error = 'gave up after ' || attempts || ' attempts: the app stopped during each upload'
                WHERE state = 'uploading' AND attempts >= ?
                """, arguments: [Self.stamp(now), maxAttempts])
            let failed = db.changesCount
            try db.execute(sql: "UPDATE analysis_jobs SET state = 'pending', next_attempt_at = ?, updated_at = ? WHERE state = 'uploading'",
                           arguments: [Self.stamp(now), Self.stamp(now)])
            return failed + db.changesCount
        }
    }

    /// Marks up to `limit` due jobs as uploading (counting the attempt) and returns them.
    public func claimDue(now: Date, limit: Int) throws -> [AnalysisJob] {
        guard limit > 0 else { return [] }
        return try database.writer.write { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT * FROM analysis_jobs WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
                ORDER BY next_attempt_at, created_at LIMIT ?
                """, arguments: [Self.stamp(now), limit])
            return try rows.map { row in
                var job = Self.job(from: row)
                job.state = .uploading
                job.attempts += 1
                job.updatedAt = now
                try db.execute(sql: "UPDATE analysis_jobs SET state = 'uploading', attempts = ?, updated_at = ? WHERE id = ?",
                               arguments: [job.attempts, Self.stamp(now), job.id])
                return job
            }
        }
    }

    /// When the earliest pending job falls due; nil when nothing is pending.
    public func nextDue() throws -> Date? {
        try database.writer.read { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM analysis_jobs WHERE state = 'pending'") ?? 0 > 0 else { return nil }
            let earliest = try String.fetchOne(db, sql: "SELECT MIN(COALESCE(next_attempt_at, '')) FROM analysis_jobs WHERE state = 'pending'")
            return earliest.flatMap(Self.date(from:)) ?? .distantPast
        }
    }

    /// Records a result: merges it into the receipt (filling empty fields only)
    /// and marks the job done, in one transaction. A job that is no longer
    /// uploading (deleted, or already done) changes nothing.
    @discardableResult
    public func complete(jobId: String, with result: AnalysisResult, now: Date) throws -> AnalysisJob? {
        try database.writer.write { db in
            guard var job = try Self.fetchJob(db, id: jobId), job.state == .uploading else { return nil }
            var filled: [String] = []
            if let receiptId = job.receiptId, let local = try ReceiptRepository.payload(db, id: receiptId) {
                let outcome = ReceiptMerger.merge(result.payload, into: local)
                filled = outcome.filled
                if !filled.isEmpty {
                    var writer = ReceiptWriter(db: db)
                    _ = try writer.save(outcome.receipt, isFixture: false)
                }
            }
            let remote = String(decoding: try JSONEncoder().encode(result.payload), as: UTF8.self)
            let filledJSON = String(decoding: try JSONEncoder().encode(filled), as: UTF8.self)
            try db.execute(sql: """
                UPDATE analysis_jobs SET state = 'done', last_error = NULL, next_attempt_at = NULL, remote_result = ?,
                    remote_id = ?, filled_fields = ?, updated_at = ? WHERE id = ?
                """, arguments: [remote, result.remoteId, filledJSON, Self.stamp(now), jobId])
            job.state = .done
            job.lastError = nil
            job.nextAttemptAt = nil
            job.remoteResult = result.payload
            job.remoteId = result.remoteId
            job.filledFields = filled
            job.updatedAt = now
            return job
        }
    }

    /// Back to pending, due at `at`; `countAttempt` false gives the attempt back
    /// (the upload was stopped, or the token refused: not the job's fault).
    @discardableResult
    public func reschedule(jobId: String, error: String?, at: Date, countAttempt: Bool, now: Date) throws -> AnalysisJob? {
        try update(jobId: jobId, now: now, sql: """
            UPDATE analysis_jobs SET state = 'pending', last_error = ?, next_attempt_at = ?,
                attempts = MAX(0, attempts - ?), updated_at = ? WHERE id = ? AND state = 'uploading'
            """, arguments: [error, Self.stamp(at), countAttempt ? 0 : 1, Self.stamp(now), jobId])
    }

    @discardableResult
    public func fail(jobId: String, error: String, now: Date) throws -> AnalysisJob? {
        try update(jobId: jobId, now: now, sql: """
            UPDATE analysis_jobs SET state = 'failed', last_error = ?, next_attempt_at = NULL, updated_at = ?
            WHERE id = ? AND state = 'uploading'
            """, arguments: [error, Self.stamp(now), jobId])
    }

    /// A failed job starts over with a fresh count of attempts. Async: the app awaits it off the main actor.
    @discardableResult
    public func retry(jobId: String, now: Date) async throws -> AnalysisJob? {
        let stamp = Self.stamp(now)
        return try await database.writer.write { db in
            try Self.update(db, jobId: jobId, sql: """
                UPDATE analysis_jobs SET state = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ?
                WHERE id = ? AND state = 'failed'
                  AND NOT EXISTS (SELECT 1 FROM analysis_jobs other WHERE other.receipt_id = analysis_jobs.receipt_id
                                  AND other.state IN ('pending', 'uploading'))
                """, arguments: [stamp, stamp, jobId])
        }
    }

    private func update(jobId: String, now: Date, sql: String, arguments: StatementArguments) throws -> AnalysisJob? {
        try database.writer.write { db in try Self.update(db, jobId: jobId, sql: sql, arguments: arguments) }
    }

    private static func update(_ db: Database, jobId: String, sql: String, arguments: StatementArguments) throws -> AnalysisJob? {
        try db.execute(sql: sql, arguments: arguments)
        return db.changesCount > 0 ? try fetchJob(db, id: jobId) : nil
    }

    public func job(id: String) async throws -> AnalysisJob? {
        try await database.writer.read { db in try Self.fetchJob(db, id: id) }
    }

    public func jobs() async throws -> [AnalysisJob] {
        try await database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM analysis_jobs ORDER BY created_at, id").map(Self.job(from:))
        }
    }

    /// The newest job of each receipt, for the receipts list.
    public func latestByReceipt() async throws -> [String: AnalysisJob] {
        var latest: [String: AnalysisJob] = [:]
        for job in try await jobs() { if let receipt = job.receiptId { latest[receipt] = job } }
        return latest
    }

    static func fetchJob(_ db: Database, id: String) throws -> AnalysisJob? {
        try Row.fetchOne(db, sql: "SELECT * FROM analysis_jobs WHERE id = ?", arguments: [id]).map(job(from:))
    }

    static func job(from row: Row) -> AnalysisJob {
        let remote: String? = row["remote_result"]
        let filled: String = row["filled_fields"]
        return AnalysisJob(
            id: row["id"], receiptId: row["receipt_id"], imageSha256: row["image_sha256"], provider: row["provider"],
            state: AnalysisJobState(rawValue: row["state"]) ?? .pending, attempts: row["attempts"], lastError: row["last_error"],
            nextAttemptAt: (row["next_attempt_at"] as String?).flatMap(date(from:)),
            remoteResult: remote.flatMap { try? JSONDecoder().decode(ReceiptPayload.self, from: Data($0.utf8)) },
            remoteId: row["remote_id"],
            filledFields: (try? JSONDecoder().decode([String].self, from: Data(filled.utf8))) ?? [],
            updatedAt: date(from: row["updated_at"]) ?? Date())
    }

    // Fixed-width UTC timestamps with milliseconds compare correctly as text in SQL.
    static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func date(from text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
