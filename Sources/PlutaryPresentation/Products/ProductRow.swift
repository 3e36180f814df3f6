import Foundation
import PlutaryCore

/// A product as the products list shows it.
public struct ProductRow: Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let purchases: String
    public let latestPrice: String
    public let latestDate: String
    public let change3Months: String
    public let change12Months: String
    public let summary: ProductSummary

    public init(summary: ProductSummary, days: DayFormatter, money: MoneyFormatter,
                percent: PercentChangeFormatter = PercentChangeFormatter(locale: .current)) {
        self.summary = summary
        id = summary.id
        name = summary.name
        purchases = String(summary.purchaseCount)
        let price = summary.latestPrice.map(money.string(from:)) ?? "—"
        latestPrice = summary.unit.map { String(format: tr("%@/%@"), price, $0) } ?? price
        latestDate = days.string(fromISO: summary.latestDate)
        change3Months = percent.string(summary.change3Months)
        change12Months = percent.string(summary.change12Months)
    }

    /// Monthly mean prices for the row's sparkline.
    public var sparkline: [Double] { summary.sparkline }
}
