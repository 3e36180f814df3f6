import Foundation
import GRDB

/// Mean unit prices per product and month (per currency and unit), read in one
/// grouped query; price increases and category inflation are computed from them.
struct PriceTrends {
    struct SeriesKey: Hashable {
        let productId: Int64
        let currency: String
        let unit: String
    }

    struct MonthPrice {
        let month: String
        let mean: Double
        let count: Int
    }

    /// Each series sorted by month.
    let series: [SeriesKey: [MonthPrice]]

    /// A purchase day's month, as `product_month_prices` keys it.
    static let month = "substr(purchase_date, 1, 7)"

    /// All time reads the sums the store's triggers keep per product and month
    /// (product_month_prices), in their key's order; a range groups its records.
    static func query(range: DayRange?) -> String {
        guard range != nil else {
            return """
                SELECT product_id, month, currency, unit, CAST(price_sum AS REAL) / record_count, record_count
                FROM product_month_prices ORDER BY product_id, month, currency, unit
                """
        }
        return """
            SELECT product_id, \(month), currency, COALESCE(unit, ''), AVG(unit_price_minor), COUNT(*)
            FROM price_records WHERE purchase_date BETWEEN ? AND ?
            GROUP BY product_id, \(month), currency, COALESCE(unit, '') ORDER BY product_id, \(month), currency, COALESCE(unit, '')
            """
    }

    static func load(_ db: Database, range: DayRange?) throws -> PriceTrends {
        let arguments: StatementArguments = range.map { [$0.start, $0.end] } ?? []
        var series: [SeriesKey: [MonthPrice]] = [:]
        let rows = try Row.fetchCursor(db, sql: query(range: range), arguments: arguments)
        while let row = try rows.next() {
            guard row[1] as String? != nil else { continue }
            let key = SeriesKey(productId: row[0], currency: row[2], unit: row[3])
            series[key, default: []].append(MonthPrice(month: row[1], mean: row[4], count: row[5]))
        }
        return PriceTrends(series: series)
    }

    /// The largest rises from a product's first month to its last, dearest first.
    func increases(names: [Int64: String], limit: Int) -> [PriceChange] {
        var changes: [PriceChange] = []
        for (key, months) in series {
            guard let first = months.first, let last = months.last, first.month != last.month, first.mean > 0 else { continue }
            let from = Money(rounding: first.mean, currency: key.currency)
            let to = Money(rounding: last.mean, currency: key.currency)
            guard to.minorUnits > from.minorUnits else { continue }
            changes.append(PriceChange(productId: key.productId, name: names[key.productId] ?? "", unit: key.unit.isEmpty ? nil : key.unit,
                                       from: from, to: to, fromMonth: first.month, toMonth: last.month))
        }
        return Array(changes.sorted { ($0.change, $1.productId) > ($1.change, $0.productId) }.prefix(limit))
    }

    /// Per category, the mean change of products bought in both the first and the
    /// last quarter of `months` (at least one month each); largest first.
    func inflation(months: [String], categories: [Int64: SpendingCategory]) -> [CategoryInflation] {
        guard months.count >= 2 else { return [] }
        let window = max(1, months.count / 4)
        let early = Set(months.prefix(window)), late = Set(months.suffix(window))
        var changes: [SpendingCategory: [Double]] = [:]
        for (key, prices) in series {
            guard let start = Self.mean(prices.filter { early.contains($0.month) }),
                  let end = Self.mean(prices.filter { late.contains($0.month) }), start > 0 else { continue }
            changes[categories[key.productId] ?? .uncategorised, default: []].append(end / start - 1)
        }
        return changes.map { CategoryInflation(category: $0.key, change: $0.value.reduce(0, +) / Double($0.value.count), productCount: $0.value.count) }
            .sorted { ($0.change, $1.category) > ($1.change, $0.category) }
    }

    /// The mean over months weighted by how many purchases each month had.
    private static func mean(_ prices: [MonthPrice]) -> Double? {
        let count = prices.reduce(0) { $0 + $1.count }
        guard count > 0 else { return nil }
        return prices.reduce(0) { $0 + $1.mean * Double($1.count) } / Double(count)
    }
}
