import Foundation
import GRDB

/// Monthly mean prices of every product over the last year and a half, for the
/// products list: a sparkline and the change against 3 and 12 months before.
struct ProductTrendTable {
    struct Trend {
        let change3: Double?
        let change12: Double?
        let sparkline: [Double]
    }

    private struct Entry {
        let month: String
        let currency: String
        let unit: String
        let mean: Double
    }

    let currentMonth: String
    private var entries: [Int64: [Entry]] = [:]

    static func load(_ db: Database, today: Date) throws -> ProductTrendTable {
        let current = MonthKey.of(today)
        var table = ProductTrendTable(currentMonth: current)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT product_id, substr(purchase_date, 1, 7) AS month, currency, COALESCE(unit, ''), AVG(unit_price_minor)
            FROM price_records WHERE purchase_date BETWEEN ? AND ?
            GROUP BY product_id, month, currency, COALESCE(unit, '')
            """, arguments: [MonthKey.adding(-17, to: current) + "-01", MonthKey.day(today)])
        while let row = try rows.next() {
            table.entries[row[0], default: []].append(Entry(month: row[1], currency: row[2], unit: row[3], mean: row[4]))
        }
        return table
    }

    /// The trend of a product in its latest price's currency and unit.
    func trend(for id: Int64, latest: Money, unit: String?, day: String?) -> Trend? {
        guard let day, let all = entries[id] else { return nil }
        let months = all.filter { $0.currency == latest.currency && $0.unit == (unit ?? "") }.sorted { $0.month < $1.month }
        let latestMonth = String(day.prefix(7))
        let firstSpark = MonthKey.adding(-11, to: currentMonth)
        func change(back: Int) -> Double? {
            // The nearest month with purchases at least `back` months before, within three more.
            let newest = MonthKey.adding(-back, to: latestMonth), oldest = MonthKey.adding(-back - 3, to: latestMonth)
            guard let then = months.last(where: { $0.month <= newest && $0.month >= oldest }), then.mean > 0 else { return nil }
            return Double(latest.minorUnits) / then.mean - 1
        }
        return Trend(change3: change(back: 3), change12: change(back: 12),
                     sparkline: months.filter { $0.month >= firstSpark }.map(\.mean))
    }
}
