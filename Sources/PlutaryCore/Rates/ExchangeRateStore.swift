import Foundation

/// The exchange rates the person entered or imported.
public protocol ExchangeRateStore: Sendable {
    /// Every rate, newest day first.
    func rates() throws -> [ExchangeRate]
    /// Adds or replaces the rate of a pair on a day.
    func save(_ rate: ExchangeRate) throws
    func delete(_ rate: ExchangeRate) throws
    /// Imports an ECB reference-rate file; throws `ECBImportError` and stores
    /// nothing when the file is not one.
    func importECB(_ data: Data) throws -> ECBImportSummary
    /// A converter over every stored rate.
    func converter() throws -> CurrencyConverter
}
