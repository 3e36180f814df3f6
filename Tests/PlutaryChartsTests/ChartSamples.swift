import Foundation
@testable import PlutaryCharts

/// Fixed chart data for the layout and image tests.
enum ChartSamples {
    static let english = Locale(identifier: "en_US")

    static func context(_ width: Double = 600, _ height: Double = 300) -> ChartLayoutContext {
        ChartLayoutContext(size: CGSize(width: width, height: height), theme: .light, measurer: ApproximateTextMeasurer(), locale: english)
    }

    /// Two categories over three months; March is empty.
    static let bars = BarChartData(title: "Spending per month", currency: "CAD", series: [
        .init(key: "category:Groceries", title: "Groceries", colorIndex: 0),
        .init(key: "category:Household", title: "Household", colorIndex: 1),
    ], bars: [
        .init(key: "2026-01", label: "Jan", longLabel: "January 2026", values: [60_000, 20_000]),
        .init(key: "2026-02", label: "Feb", longLabel: "February 2026", values: [30_000, 0]),
        .init(key: "2026-03", label: "Mar", longLabel: "March 2026", values: [0, 0]),
    ])

    static let donut = DonutChartData(title: "Spending by category", currency: "CAD", slices: [
        .init(key: "category:Groceries", title: "Groceries", value: 50_000, colorIndex: 0),
        .init(key: "category:Household", title: "Household", value: 25_000, colorIndex: 1),
        .init(key: "category:Electronics", title: "Electronics", value: 15_000, colorIndex: 2),
        .init(key: "taxes-and-other", title: "Taxes and other", value: 10_000, colorIndex: 3),
    ])

    static let line = LineChartData(title: "MILK 2L", currency: "CAD", series: [
        .init(title: "No Frills", points: [.init(day: "2025-06-01", value: 400), .init(day: "2025-12-01", value: 500),
                                           .init(day: "2026-03-01", value: 450)], colorIndex: 0),
        .init(title: "Walmart", points: [.init(day: "2025-08-15", value: 420), .init(day: "2026-02-15", value: 480)], colorIndex: 1),
    ])
}
