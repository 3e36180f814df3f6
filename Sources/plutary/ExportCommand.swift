import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore

/// `plutary export`: receipts as CSV or JSON, to a file or standard output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export receipts as CSV or JSON.",
        discussion: """
            CSV (RFC 4180, UTF-8, header row) holds one row per receipt, or with --items one row per line item. \
            JSON holds every receipt in the sync payload shape, with categories and products, and can be read \
            back with `plutary import`. A file given with -o is written under a temporary name and renamed when \
            complete, so a failed export leaves nothing behind.

            Examples:
              plutary export --csv -o receipts.csv
              plutary export --csv --items --delimiter semicolon --decimal comma -o items.csv
              plutary --fixture sample export --json -o sample.json
              plutary export --json --since 2026-01-01 --until 2026-03-31 --search costco
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Write CSV.") var csv = false
    @Flag(help: "Write JSON (the format `plutary import` reads).") var json = false
    @Flag(help: "CSV: one row per line item instead of per receipt.") var items = false

    @Flag(name: .customLong("raw-csv"),
          help: "Write text cells as stored, even those a spreadsheet would run as formulas (by default they start with an apostrophe).")
    var rawCSV = false

    @Option(help: "CSV field delimiter: comma, semicolon or tab.")
    var delimiter: DelimiterChoice = .comma

    @Option(help: "CSV decimal separator: point or comma.")
    var decimal: DecimalChoice = .point

    @Option(help: "First purchase day included (YYYY-MM-DD).") var since: String?
    @Option(help: "Last purchase day included (YYYY-MM-DD).") var until: String?
    @Option(help: "Only receipts matching this search, as in the receipts list.") var search: String?
    @Option(name: .customLong("id"), help: "Only this receipt (repeat for several).") var ids: [String] = []
    @Option(help: "Only receipts with this category, on the receipt or one of its items.") var category: String?

    @Option(name: .customLong("primary-currency"), help: "Currency of the CSV's converted_total column (default: your preference).")
    var primaryCurrency: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?

    enum DelimiterChoice: String, ExpressibleByArgument, CaseIterable {
        case comma, semicolon, tab
        var value: CSVOptions.Delimiter {
            switch self {
            case .comma: .comma
            case .semicolon: .semicolon
            case .tab: .tab
            }
        }
    }

    enum DecimalChoice: String, ExpressibleByArgument, CaseIterable {
        case point, comma
        var value: CSVOptions.DecimalSeparator { self == .point ? .point : .comma }
    }

    func validate() throws {
        guard csv != json else { throw ValidationError("Choose one format: --csv or --json.") }
        guard !(json && items) else { throw ValidationError("--items is for CSV; the JSON export always holds the items.") }
        for (name, day) in [("--since", since), ("--until", until)] {
            if let day, !ISODay.isValid(day) { throw ValidationError("\(name) takes a day as YYYY-MM-DD, not “\(day)”.") }
        }
        if csv, delimiter == .comma, decimal == .comma {
            throw ValidationError("Comma decimals need another delimiter: add --delimiter semicolon.")
        }
    }

    func run() throws {
        let database = try global.openDatabase()
        // Only the receipts CSV converts totals; the other formats need no preferences.
        let converts = csv && !items && primaryCurrency == nil
        let currency = primaryCurrency?.uppercased()
            ?? (converts ? MainActor.assumeIsolated { Preferences().string(.primaryCurrency) } : "CAD")
        let exporter = ReceiptExporter(database: database, primaryCurrency: currency)
        let scope = ExportScope(search: search, receiptIds: ids.isEmpty ? nil : ids, since: since, until: until, category: category)
        let format: ExportFormat = json
            ? .json
            : .csv(CSVOptions(table: items ? .lineItems : .receipts, delimiter: delimiter.value, decimalSeparator: decimal.value,
                              neutralisesFormulas: !rawCSV))
        let progress = ProgressLine(label: "exported")
        let result: ExportResult
        do {
            if let output {
                result = try exporter.export(format, scope: scope, to: URL(fileURLWithPath: output), progress: progress.report)
            } else {
                result = try exporter.export(format, scope: scope, to: FileHandle.standardOutput, progress: progress.report)
            }
        } catch {
            progress.end()
            throw CommandFailure(error)
        }
        progress.end()
        let rows = items ? String(format: "%d line items from ", result.rowCount) : ""
        Diagnostics.say(String(format: "Exported %@%d receipts (%lld bytes) to %@.", rows, result.receiptCount,
                               result.byteCount, output ?? "standard output"))
    }
}
