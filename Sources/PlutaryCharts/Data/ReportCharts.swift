import Foundation
import PlutaryCore

/// The app's charts built from Core's reports, one way for the screens, the
/// exports and the command line. A category keeps its colour in every chart.
public enum ReportCharts {
    /// Spending per month stacked by category, in the report's currency.
    public static func monthlyBars(_ report: SpendingReport, locale: Locale = .preferred) -> BarChartData {
        let categories = report.categories.map(\.category)
        let series = categories.map { BarChartData.Series(key: $0.key, title: $0.title, colorIndex: colorIndex(of: $0, in: categories)) }
        let days = DayFormatter(locale: locale)
        let short = DateFormatter()
        short.locale = locale
        short.timeZone = TimeZone(identifier: "UTC")
        if report.months.count > 12 { short.dateFormat = "MMM ''yy" } else { short.setLocalizedDateFormatFromTemplate("MMM") }
        let bars = report.months.map { month -> BarChartData.Bar in
            let amounts = Dictionary(month.parts.map { ($0.category, Double($0.minorUnits)) }, uniquingKeysWith: +)
            let label = DayFormatter.date(fromISO: month.month + "-01").map(short.string(from:)) ?? month.month
            return BarChartData.Bar(key: month.month, label: label, longLabel: days.monthString(fromKey: month.month),
                                    values: categories.map { amounts[$0] ?? 0 })
        }
        return BarChartData(title: tr("Spending per month"), currency: report.primaryCurrency, series: series, bars: bars)
    }

    /// The period's spending by category.
    public static func categoryDonut(_ report: SpendingReport) -> DonutChartData {
        let categories = report.categories.map(\.category)
        return DonutChartData(title: tr("Spending by category"), currency: report.primaryCurrency, slices: report.categories.map {
            DonutChartData.Slice(key: $0.category.key, title: $0.category.title, value: Double($0.amount.minorUnits),
                                 colorIndex: colorIndex(of: $0.category, in: categories))
        })
    }

    /// A product's unit price over time, one line per store, in the currency of
    /// its latest purchase (purchases in other currencies are left out).
    public static func priceHistory(_ detail: ProductDetail) -> LineChartData {
        guard let currency = detail.history.last?.price.currency else {
            return LineChartData(title: detail.name, currency: "CAD", series: [])
        }
        let points = detail.history.filter { $0.price.currency == currency }
        // One point per store and day: the mean of that day's purchases. Stores by first
        // purchase; a product can have been bought thousands of times.
        let unknown = tr("Unknown merchant")
        var stores: [String] = []
        var storeIndex: [String: Int] = [:]
        var days: [[(day: String, sum: Double, count: Int)]] = []
        for point in points {
            let store = point.merchant ?? unknown
            let index: Int
            if let known = storeIndex[store] {
                index = known
            } else {
                index = stores.count
                storeIndex[store] = index
                stores.append(store)
                days.append([])
            }
            let price = Double(point.price.minorUnits)
            if let last = days[index].indices.last, days[index][last].day == point.day {
                days[index][last].sum += price
                days[index][last].count += 1
            } else {
                days[index].append((point.day, price, 1))
            }
        }
        let unit = points.last?.unit
        let title = unit.map { String(format: tr("%@ (price per %@)"), detail.name, $0) } ?? detail.name
        return LineChartData(title: title, currency: currency, series: stores.indices.map { index in
            LineChartData.Series(title: stores[index],
                                 points: days[index].map { LineChartData.Point(day: $0.day, value: ($0.sum / Double($0.count)).rounded()) },
                                 colorIndex: index)
        })
    }

    public static func sparkline(_ product: ProductSummary) -> SparklineData {
        SparklineData(values: product.sparkline)
    }

    /// Named categories take the palette in order; the catch-all ones are neutral.
    private static func colorIndex(of category: SpendingCategory, in categories: [SpendingCategory]) -> Int {
        if category == .taxesAndOther { return -1 }
        guard case .named = category else { return -2 }
        return categories.filter { if case .named = $0 { true } else { false } }.firstIndex(of: category) ?? -1
    }
}
