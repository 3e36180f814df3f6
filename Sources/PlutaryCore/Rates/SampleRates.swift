import Foundation
import GRDB

/// Reference rates for the sample fixture: EUR against CAD and USD on the
/// first of each month over the fixture's year, so its three currencies add up.
/// They are made up, so they are stored as entered by hand, not as ECB rates.
public enum SampleRates {
    public static func seed(_ database: AppDatabase, today: Date = Date(), months: Int = 13) throws {
        let calendar = Calendar(identifier: .gregorian)
        try database.writer.write { db in
            for back in 0..<months {
                let month = calendar.date(byAdding: .month, value: -back, to: today)!
                let parts = calendar.dateComponents([.year, .month], from: month)
                let day = String(format: "%04d-%02d-01", parts.year!, parts.month!)
                // A gentle drift, so conversions visibly depend on the receipt's date.
                let cad = Decimal(string: String(format: "%.4f", 1.47 + 0.004 * Double(back % 5)))!
                let usd = Decimal(string: String(format: "%.4f", 1.08 + 0.003 * Double(back % 4)))!
                for (quote, rate) in [("CAD", cad), ("USD", usd)] {
                    let rate = ExchangeRate(day: day, base: "EUR", quote: quote, rate: rate, source: .manual)
                    try db.execute(sql: "INSERT OR REPLACE INTO exchange_rates(day, base, quote, rate, source) VALUES (?, ?, ?, ?, ?)",
                                   arguments: [rate.day, rate.base, rate.quote, rate.rateString, rate.source.rawValue])
                }
            }
        }
    }
}
