import Foundation
import Observation
import PlutaryCore

/// The export dialog: file type, CSV delimiter and decimal separator, the
/// scope it was opened with, then progress, Cancel, and what was written.
/// The export itself runs off the main actor; progress comes back to it.
@MainActor
@Observable
public final class ExportViewModel {
    public let scope: ExportScope
    public var fileType: ExportFileType = .receiptsCSV
    public private(set) var delimiter: CSVOptions.Delimiter = .comma
    public private(set) var decimalSeparator: CSVOptions.DecimalSeparator = .point
    public private(set) var state: ExportState = .idle
    public private(set) var receiptCount: Int?

    @ObservationIgnored public var onClose: () -> Void = {}
    @ObservationIgnored private let exporter: ReceiptExporter
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private let counts = LatestLoad()
    @ObservationIgnored private let exports = LatestLoad()
    /// The running export's: Cancel stops it unless its file is already written.
    @ObservationIgnored private var cancellation: ExportCancellation?

    public init(exporter: ReceiptExporter, scope: ExportScope) {
        self.exporter = exporter
        self.scope = scope
    }

    /// Counts the receipts in scope, for the dialog's summary, off the main actor (a search over a large store).
    public func load() {
        let exporter = exporter, scope = scope
        counts.start({ try await exporter.receiptCount(scope) }) { [weak self] result in
            self?.receiptCount = try? result.get()
        }
    }

    /// Counts and returns once the count is in.
    public func reload() async {
        load()
        await counts.finish()
    }

    public var scopeText: String {
        let count = receiptCount ?? 0
        if scope.isEverything {
            return String(format: trn("All %d receipt", "All %d receipts", count), count)
        }
        return String(format: trn("%d receipt from the current search or selection", "%d receipts from the current search or selection", count), count)
    }

    public var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// 0…1 while running.
    public var progressFraction: Double {
        guard case .running(let done, let total) = state, total > 0 else { return 0 }
        return Double(done) / Double(total)
    }

    public var statusText: String {
        switch state {
        case .idle: ""
        case .running(let done, let total): String(format: tr("Exported %d of %d rows…"), done, total)
        case .finished(let message), .failed(let message): message
        case .cancelled: tr("Export cancelled; no file was written.")
        }
    }

    public var isFailure: Bool {
        if case .failed = state { return true }
        return false
    }

    public func setDelimiter(_ delimiter: CSVOptions.Delimiter) {
        self.delimiter = delimiter
        // A comma cannot separate fields and decimals at once.
        if delimiter == .comma, decimalSeparator == .comma { decimalSeparator = .point }
    }

    public func setDecimalSeparator(_ separator: CSVOptions.DecimalSeparator) {
        decimalSeparator = separator
        if separator == .comma, delimiter == .comma { delimiter = .semicolon }
    }

    public var format: ExportFormat {
        switch fileType {
        case .receiptsCSV: .csv(CSVOptions(table: .receipts, delimiter: delimiter, decimalSeparator: decimalSeparator))
        case .itemsCSV: .csv(CSVOptions(table: .lineItems, delimiter: delimiter, decimalSeparator: decimalSeparator))
        case .json: .json
        }
    }

    /// "plutary-receipts-2026-03-14.csv"
    public func suggestedFileName(today: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let stem = fileType == .itemsCSV ? "plutary-line-items" : "plutary-receipts"
        return "\(stem)-\(formatter.string(from: today)).\(format.fileExtension)"
    }

    /// Starts writing to `url`; the returned task ends when the export has.
    @discardableResult
    public func export(to url: URL) -> Task<Void, Never> {
        if let task, isRunning { return task }
        state = .running(done: 0, total: receiptCount ?? 0)
        let exporter = exporter, format = format, scope = scope, cancellation = ExportCancellation()
        self.cancellation = cancellation
        let task = exports.start({ [weak self] in
            try await exporter.export(format, scope: scope, to: url, progress: { done, total in
                Task { @MainActor in self?.progressed(done: done, total: total) }
            }, cancellation: cancellation)
        }) { [weak self] outcome in
            self?.finish(outcome, url: url)
        }
        self.task = task
        return task
    }

    /// Stops the export and its query; nothing is written. An export whose file is already
    /// written (its result on the way) finishes as usual.
    public func cancel() {
        guard isRunning, let cancellation, cancellation.cancel() else { return }
        exports.cancel()
        self.cancellation = nil
        state = .cancelled
    }

    public func close() {
        cancel()
        onClose()
    }

    private func progressed(done: Int, total: Int) {
        guard isRunning else { return }
        state = .running(done: done, total: total)
    }

    private func finish(_ outcome: Result<ExportResult, Error>, url: URL) {
        switch outcome {
        case .success(let result):
            let rows = fileType == .itemsCSV
                ? String(format: trn("%d line item", "%d line items", result.rowCount), result.rowCount)
                : String(format: trn("%d receipt", "%d receipts", result.receiptCount), result.receiptCount)
            state = .finished(String(format: tr("Exported %@ to %@."), rows, url.path))
        case .failure(ExportError.cancelled):
            state = .cancelled
        case .failure(let error):
            state = .failed((error as? LocalizedError)?.errorDescription ?? error.localizedDescription)
        }
        cancellation = nil
    }
}
