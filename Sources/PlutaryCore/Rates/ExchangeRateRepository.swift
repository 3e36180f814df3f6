import Foundation
import GRDB

/// `ExchangeRateStore` over the SQLite store's `exchange_rates` table.
public struct ExchangeRateRepository: ExchangeRateStore {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func rates() async throws -> [ExchangeRate] {
        try await database.writer.read { db in try Self.rates(db) }
    }

    static func rates(_ db: Database) throws -> [ExchangeRate] {
        try Row.fetchAll(db, sql: "SELECT day, base, quote, rate, source FROM exchange_rates ORDER BY day DESC, base, quote")
            .compactMap(rate(from:))
    }

    private static func rate(from row: Row) -> ExchangeRate? {
        let text: String = row["rate"]
        guard let rate = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return ExchangeRate(day: row["day"], base: row["base"], quote: row["quote"], rate: rate,
                            source: ExchangeRate.Source(rawValue: row["source"]) ?? .manual)
    }

    public func save(_ rate: ExchangeRate) async throws {
        try await database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO exchange_rates(day, base, quote, rate, source) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(base, quote, day) DO UPDATE SET rate = excluded.rate, source = excluded.source
                """, arguments: [rate.day, rate.base, rate.quote, rate.rateString, rate.source.rawValue])
        }
    }

    public func delete(_ rate: ExchangeRate) async throws {
        try await database.writer.write { db in
            try db.execute(sql: "DELETE FROM exchange_rates WHERE base = ? AND quote = ? AND day = ?",
                           arguments: [rate.base, rate.quote, rate.day])
        }
    }

    /// Parses the whole file first, then writes it in one transaction. A rate the
    /// person entered by hand for the same pair and day is kept.
    public func importECB(_ data: Data) async throws -> ECBImportSummary {
        let rates = try ECBRateParser.parse(data)
        try await database.writer.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO exchange_rates(day, base, quote, rate, source) VALUES (?, ?, ?, ?, 'ecb')
                ON CONFLICT(base, quote, day) DO UPDATE SET rate = excluded.rate
                WHERE exchange_rates.source <> 'manual'
                """)
            for rate in rates {
                try statement.execute(arguments: [rate.day, rate.base, rate.quote, rate.rateString])
            }
        }
        let days = Set(rates.map(\.day))
        return ECBImportSummary(rateCount: rates.count, dayCount: days.count, firstDay: days.min() ?? "", lastDay: days.max() ?? "")
    }

    public func converter() async throws -> CurrencyConverter {
        CurrencyConverter(rates: try await rates())
    }
}
