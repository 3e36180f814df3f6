import Foundation
import PlutaryCharts
import PlutaryCore

/// Times the analytics work on a store (`make bench`): report queries per
/// period, the products list, and laying out and painting the charts. Prints
/// the median of several runs as a markdown table.
public enum AnalyticsBenchmark {
    public static func run(database: AppDatabase, runs: Int, currency: String = "CAD") async throws -> String {
        let spending = SpendingRepository(database: database)
        let catalog = ProductRepository(database: database)
        var rows: [(String, [Double])] = []
        func time(_ name: String, _ work: () async throws -> Void) async rethrows {
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                try await work()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            rows.append((name, samples))
        }
        var report: SpendingReport?
        try await time("report, last 12 months") { report = try await spending.report(period: .last12Months, primaryCurrency: currency, today: Date()) }
        try await time("report, all time") { report = try await spending.report(period: .all, primaryCurrency: currency, today: Date()) }
        var products: [ProductSummary] = []
        try await time("products list with trends") { products = try await catalog.products(search: nil, today: Date()) }
        let top = products.first
        try await time("product detail (most bought)") { if let top { _ = try await catalog.detail(id: top.id) } }
        let measurer = PangoText()
        let context = ChartLayoutContext(size: CGSize(width: 900, height: 480), measurer: measurer)
        let bars = Chart.bars(ReportCharts.monthlyBars(report!)), donut = Chart.donut(ReportCharts.categoryDonut(report!))
        var layout: ChartLayout?
        await time("layout, monthly bars (all time)") { layout = ChartLayoutEngine.layout(bars, in: context) }
        await time("layout, category donut") { _ = ChartLayoutEngine.layout(donut, in: context) }
        let directory = FileManager.default.temporaryDirectory
        try await time("paint monthly bars to PNG") {
            try ChartFile.write(layout!, format: .png, to: directory.appendingPathComponent("plutary-bench.png"))
        }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("plutary-bench.png"))

        let receipts = try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM receipts") ?? 0 }
        let items = try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM line_items") ?? 0 }
        var table = "Analytics on \(receipts) receipts / \(items) line items / \(products.count) products (median of \(runs) runs)\n\n"
        table += "| step | median ms | min ms | max ms |\n|---|---:|---:|---:|\n"
        for (name, samples) in rows {
            let sorted = samples.sorted()
            table += String(format: "| %@ | %.1f | %.1f | %.1f |\n", name, sorted[sorted.count / 2], sorted.first!, sorted.last!)
        }
        return table
    }
}
