import Foundation
import PlutaryCharts
import PlutaryCore

/// The charts `plutary chart` can write, built from the store the same way the screens build them.
public enum ChartKind: String, CaseIterable, Sendable {
    case monthly, categories, price

    /// The chart over `database`; `product` names the product for a price chart
    /// (the most bought one when nil).
    public func chart(database: AppDatabase, period: AnalyticsPeriod, currency: String, product: String?,
                      today: Date = Date()) async throws -> Chart {
        switch self {
        case .monthly, .categories:
            let report = try await SpendingRepository(database: database).report(period: period, primaryCurrency: currency, today: today)
            return self == .monthly ? .bars(ReportCharts.monthlyBars(report)) : .donut(ReportCharts.categoryDonut(report))
        case .price:
            let catalog = ProductRepository(database: database)
            guard let summary = try await catalog.products(search: product, today: today).first,
                  let detail = try await catalog.detail(id: summary.id) else {
                throw StoreError.notFound(product.map { "product \($0)" } ?? "products")
            }
            return .line(ReportCharts.priceHistory(detail))
        }
    }
}
