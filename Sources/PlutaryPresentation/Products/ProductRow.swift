import PlutaryCore

/// A product as the products list shows it.
public struct ProductRow: Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let purchases: String
    public let latestPrice: String
    public let latestDate: String

    public init(summary: ProductSummary, days: DayFormatter, money: MoneyFormatter) {
        id = summary.id
        name = summary.name
        purchases = String(summary.purchaseCount)
        latestPrice = summary.latestPrice.map(money.string(from:)) ?? "—"
        latestDate = days.string(fromISO: summary.latestDate)
    }
}
