import Foundation

/// The exchange rates the person entered or imported. Every method is async, so a
/// view model awaits it and no query runs on the main actor.
public protocol ExchangeRateStore: Sendable {
    /// Every rate, newest day first.
    func rates() async throws -> [ExchangeRate]
    /// Adds or replaces the rate of a pair on a day.
    func save(_ rate: ExchangeRate) async throws
    func delete(_ rate: ExchangeRate) async throws
    /// Imports an ECB reference-rate file; throws `ECBImportError` and stores
    /// nothing when the file is not one.
    func importECB(_ data: Data) async throws -> ECBImportSummary
    /// A converter over every stored rate.
    func converter() async throws -> CurrencyConverter
}

extension ExchangeRateStore {
    /// Imports the ECB file at `url`, one the person picked, maybe on a slow mount (a phone, a
    /// network share): it is read on a worker thread, never on one of Swift's cooperative pool,
    /// through a handle, so a pipe is read too. Cancelling the calling task stops it before the read.
    public func importECB(fileAt url: URL) async throws -> ECBImportSummary {
        let data = try await WorkerThread.run {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.readToEnd() ?? Data()
        }
        return try await importECB(data)
    }
}
