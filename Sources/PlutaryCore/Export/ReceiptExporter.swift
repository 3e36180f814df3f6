import Foundation
import GRDB

/// Called with rows written so far and the total, a few hundred times per export at most.
public typealias ExportProgress = @Sendable (_ done: Int, _ total: Int) -> Void

/// Exports receipts as CSV or JSON. Rows are streamed from one read transaction
/// (a consistent snapshot while the app keeps writing) straight into the file.
public struct ReceiptExporter: Sendable {
    public let database: AppDatabase
    /// The currency the receipts CSV converts totals into.
    public let primaryCurrency: String

    public init(database: AppDatabase, primaryCurrency: String = "CAD") {
        self.database = database
        self.primaryCurrency = primaryCurrency
    }

    /// The same exporter, converting into `currency`.
    public func converting(to currency: String) -> ReceiptExporter {
        ReceiptExporter(database: database, primaryCurrency: currency)
    }

    /// How many receipts a scope selects.
    public func receiptCount(_ scope: ExportScope) async throws -> Int {
        let query = ExportQuery(scope: scope)
        return try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts r WHERE \(query.condition)", arguments: query.arguments) ?? 0
        }
    }

    /// Writes the export to `url` through a temporary file renamed into place;
    /// on failure or cancellation nothing is left behind and an existing file is untouched.
    public func export(_ format: ExportFormat, scope: ExportScope, to url: URL,
                       progress: @escaping ExportProgress = { _, _ in },
                       isCancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }) throws -> ExportResult {
        let file = try AtomicFile(destination: url)
        do {
            let result = try write(format, scope: scope, to: file.handle, named: url.path, progress: progress, isCancelled: isCancelled)
            try file.commit()
            return ExportResult(receiptCount: result.receiptCount, rowCount: result.rowCount, byteCount: result.byteCount, url: url)
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes the export to an open file (standard output for the command line).
    public func export(_ format: ExportFormat, scope: ExportScope, to handle: FileHandle,
                       progress: @escaping ExportProgress = { _, _ in },
                       isCancelled: @escaping @Sendable () -> Bool = { Task.isCancelled }) throws -> ExportResult {
        try write(format, scope: scope, to: handle, named: tr("standard output"), progress: progress, isCancelled: isCancelled)
    }

    /// `export` for async code: the store is read with an await, and the file is made and synced
    /// on a worker thread, so no thread of Swift's cooperative pool blocks on either. Cancelling
    /// the calling task, or `cancellation`, stops the export (GRDB interrupts the query, and the
    /// rows stop); nothing is written then.
    public func export(_ format: ExportFormat, scope: ExportScope, to url: URL, progress: @escaping ExportProgress = { _, _ in },
                       cancellation: ExportCancellation = ExportCancellation()) async throws -> ExportResult {
        let file: AtomicFile
        do {
            file = try await WorkerThread.run { try AtomicFile(destination: url) }
        } catch is CancellationError {
            throw ExportError.cancelled
        }
        do {
            let result = try await withTaskCancellationHandler {
                try await database.writer.read { db in
                    try self.write(db, format, scope: scope, to: file.handle, named: url.path, progress: progress,
                                   isCancelled: { cancellation.isCancelled })
                }
            } onCancel: {
                cancellation.cancel()
            }
            try await WorkerThread.run {
                try file.sync()
                try cancellation.commit { try file.place() }
            }
            return ExportResult(receiptCount: result.receiptCount, rowCount: result.rowCount, byteCount: result.byteCount, url: url)
        } catch {
            file.discard()
            throw cancellation.isCancelled || error is CancellationError ? ExportError.cancelled : error
        }
    }

    private func write(_ format: ExportFormat, scope: ExportScope, to handle: FileHandle, named target: String,
                       progress: @escaping ExportProgress, isCancelled: @escaping @Sendable () -> Bool) throws -> ExportResult {
        try database.writer.read { db in
            try write(db, format, scope: scope, to: handle, named: target, progress: progress, isCancelled: isCancelled)
        }
    }

    /// Streams the rows into the file within the read's transaction.
    private func write(_ db: Database, _ format: ExportFormat, scope: ExportScope, to handle: FileHandle, named target: String,
                       progress: @escaping ExportProgress, isCancelled: @escaping @Sendable () -> Bool) throws -> ExportResult {
        let stream = BufferedFileStream(handle: handle)
        stream.open()
        let query = ExportQuery(scope: scope)
        let receipts = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts r WHERE \(query.condition)",
                                        arguments: query.arguments) ?? 0
        let rows: Int
        switch format {
        case .csv(let options):
            let csv = CSVExport(options: options, primaryCurrency: primaryCurrency)
            var ticker = ExportTicker(total: try csv.rowCount(db, query: query), progress: progress, isCancelled: isCancelled)
            rows = try csv.write(db, query: query, to: stream, ticker: &ticker)
            try ticker.finish()
        case .json:
            var ticker = ExportTicker(total: receipts, progress: progress, isCancelled: isCancelled)
            try JSONExport(exportedAt: Date()).write(db, query: query, total: receipts, to: stream, ticker: &ticker)
            try ticker.finish()
            rows = ticker.done
        }
        do {
            try stream.flush()
        } catch {
            throw ExportError.cannotWrite(path: target, reason: error.localizedDescription)
        }
        stream.close()
        return ExportResult(receiptCount: receipts, rowCount: rows, byteCount: stream.byteCount, url: nil)
    }
}
