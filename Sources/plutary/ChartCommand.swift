import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore

/// `plutary chart`: writes a chart as PNG, SVG or PDF with the painter the
/// window uses (after its file chooser, "Export chart…" runs the same writer).
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Write a chart of the stored receipts to a PNG, SVG or PDF file.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "monthly (spending per month by category), categories (donut) or price (a product's price history).")
    var kind: String = "monthly"

    @Option(help: "png, svg or pdf (default: from the file name).")
    var format: String?

    @Option(name: .shortAndLong, help: "The file to write.")
    var output: String

    @Option(help: "this-month, last-3-months, last-6-months, last-12-months, this-year, all, or FROM..TO (YYYY-MM-DD).")
    var period: String = "last-12-months"

    @Option(help: "The currency sums are converted into (default: CAD).")
    var currency: String = "CAD"

    @Option(help: "For --kind price: the product to chart (a search; the most bought match).")
    var product: String?

    func run() throws {
        guard let chartKind = ChartKind(rawValue: kind) else {
            throw ValidationError("--kind must be one of: \(ChartKind.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        var url = URL(fileURLWithPath: output)
        if let format {
            guard ["png", "svg", "pdf"].contains(format.lowercased()) else { throw ValidationError("--format must be png, svg or pdf.") }
            if url.pathExtension.lowercased() != format.lowercased() { url.appendPathExtension(format.lowercased()) }
        }
        let database = try global.openDatabase()
        let (period, currency, product) = (try Self.period(period), currency.uppercased(), product)
        let chart = try AsyncRunner.runThrowing {
            try await chartKind.chart(database: database, period: period, currency: currency, product: product)
        }
        let written = try ChartExporter.write(chart, to: url)
        print("Wrote \(written.path)")
    }

    static func period(_ text: String) throws -> AnalyticsPeriod {
        switch text {
        case "this-month": return .thisMonth
        case "last-3-months": return .last3Months
        case "last-6-months": return .last6Months
        case "last-12-months": return .last12Months
        case "this-year": return .thisYear
        case "all": return .all
        default:
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2, MonthKey.isDay(parts[0]), MonthKey.isDay(parts[1]) else {
                throw ValidationError("--period: unknown period \(text).")
            }
            return .custom(DayRange(start: parts[0], end: parts[1]))
        }
    }
}
