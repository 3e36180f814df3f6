import CSV
import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct CSVExportTests {
    private func store() async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        try await seedTrickyReceipts(database)
        try await database.writer.write { db in
            // EUR → CAD for April, and CAD → JPY (used inverted for the yen receipt).
            try db.execute(sql: "INSERT INTO exchange_rates(day, base, quote, rate) VALUES ('2026-04-01', 'EUR', 'CAD', '1.5')")
            try db.execute(sql: "INSERT INTO exchange_rates(day, base, quote, rate) VALUES ('2026-01-01', 'CAD', 'JPY', '100')")
        }
        return database
    }

    private func export(_ options: CSVOptions, scope: ExportScope = .everything) async throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("out.csv")
        let database = try await store()
        _ = try await ReceiptExporter(database: database, primaryCurrency: "CAD").export(.csv(options), scope: scope, to: url)
        return url
    }

    /// Rows as CSV.swift's reader sees them. (Read from a string: over a file
    /// InputStream on Linux its reader reports a read error at end of file.)
    private func readWithCSVSwift(_ url: URL, delimiter: UnicodeScalar) throws -> [[String]] {
        let reader = try CSVReader(string: try String(contentsOf: url, encoding: .utf8), delimiter: delimiter)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        if let error = reader.error { throw error }
        return rows
    }

    /// Rows as Python's csv module sees them (any python3 has it).
    private func readWithPython(_ url: URL, delimiter: String) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                print(json.dumps(list(csv.reader(f, delimiter=sys.argv[2], strict=True))))
            """, url.path, delimiter]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try JSONDecoder().decode([[String]].self, from: data)
    }

    private let receiptsExpected: [[String]] = [
        CSVExport.receiptColumns,
        ["tricky-1", "2026-03-14", "Smith, Jones & \"Sons\"", "Groceries", "CAD", "1234.50", "160.49", "5.00", "1399.99",
         "1399.99", "CAD", "Visa; debit", "first line\nsecond, \"quoted\" line", "2"],
        ["tricky-2", "2026-04-02", "Lidl", "Groceries", "EUR", "2.18", "0.00", "", "2.18", "3.27", "CAD", "", "", "1"],
        ["tricky-3", "2026-04-03", "ラーメン屋", "", "JPY", "", "", "", "1200", "12.00", "CAD", "", "", "1"],
    ]

    @Test func receiptsCSVReadsBackTheSameInCSVSwiftAndPython() async throws {
        let url = try await export(CSVOptions())
        let bytes = try Data(contentsOf: url)
        #expect(String(decoding: bytes.prefix(3), as: UTF8.self) == "id,")
        #expect(String(decoding: bytes, as: UTF8.self).contains("\r\n"))
        #expect(try readWithCSVSwift(url, delimiter: ",") == receiptsExpected)
        #expect(try readWithPython(url, delimiter: ",") == receiptsExpected)
    }

    @Test func convertedTotalsMatchTheReceiptsListIncludingCrossRatesThroughEUR() async throws {
        let database = try AppDatabase.inMemory()
        let receipts = ReceiptRepository(database: database)
        try await receipts.save(ReceiptPayload(id: "usd", merchantName: "Target", purchaseDate: "2026-04-05", currency: "USD", totalAmount: "11.00"))
        try await receipts.save(ReceiptPayload(id: "gbp", merchantName: "Tesco", purchaseDate: "2026-04-05", currency: "GBP", totalAmount: "5.00"))
        try await receipts.save(ReceiptPayload(id: "old", merchantName: "Target", purchaseDate: "2026-03-01", currency: "USD", totalAmount: "1.00"))
        try await database.writer.write { db in
            // Only EUR rates, as the ECB publishes them: USD → CAD goes USD → EUR → CAD.
            try db.execute(sql: "INSERT INTO exchange_rates(day, base, quote, rate) VALUES ('2026-04-01', 'EUR', 'CAD', '1.5'), ('2026-04-01', 'EUR', 'USD', '1.1')")
        }
        let url = try temporaryFolder().appendingPathComponent("out.csv")
        _ = try await ReceiptExporter(database: database, primaryCurrency: "CAD").export(.csv(CSVOptions()), scope: .everything, to: url)
        let rows = try readWithCSVSwift(url, delimiter: ",")
        let converted = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0[9]) })
        let expected = try #require(CurrencyConverter(rates: await ExchangeRateRepository(database: database).rates())
            .convert(Money(minorUnits: 1100, currency: "USD"), to: "CAD", on: "2026-04-05"))
        #expect(expected.minorUnits == 1500)
        #expect(converted["usd"] == "15.00")
        #expect(converted["gbp"] == "", "no GBP rate: left empty, never guessed")
        #expect(converted["old"] == "", "no rate on or before March 1")
    }

    @Test func lineItemsCSVHasOneRowPerItemWithItsReceipt() async throws {
        let url = try await export(CSVOptions(table: .lineItems))
        let expected: [[String]] = [
            CSVExport.itemColumns,
            ["tricky-1", "2026-03-14", "Smith, Jones & \"Sons\"", "1", "白菜 Bok Choy", "0.840", "kg", "3.55", "", "2.98", "CAD",
             "H", "Groceries", "白菜 Bok Choy"],
            ["tricky-1", "2026-03-14", "Smith, Jones & \"Sons\"", "2", "Nuts, \"salted\"\nlarge", "2", "", "615.76", "0.50",
             "1231.52", "CAD", "", "Snacks", "Nuts, \"salted\"\nlarge"],
            ["tricky-2", "2026-04-02", "Lidl", "1", "Crème fraîche", "1", "", "", "", "2.18", "EUR", "", "Groceries", "Crème fraîche"],
            ["tricky-3", "2026-04-03", "ラーメン屋", "1", "醤油ラーメン", "1", "", "", "", "1200", "JPY", "", "", "醤油ラーメン"],
        ]
        #expect(try readWithCSVSwift(url, delimiter: ",") == expected)
        #expect(try readWithPython(url, delimiter: ",") == expected)
    }

    @Test func semicolonDelimiterWithCommaDecimals() async throws {
        let url = try await export(CSVOptions(table: .receipts, delimiter: .semicolon, decimalSeparator: .comma))
        let expected = receiptsExpected.enumerated().map { index, row in
            index == 0 ? row : row.enumerated().map { column, value in
                (5...9).contains(column) ? value.replacingOccurrences(of: ".", with: ",") : value
            }
        }
        #expect(expected[1][5] == "1234,50")
        #expect(try readWithCSVSwift(url, delimiter: ";") == expected)
        #expect(try readWithPython(url, delimiter: ";") == expected)
        let items = try readWithPython(try await export(CSVOptions(table: .lineItems, delimiter: .semicolon, decimalSeparator: .comma)), delimiter: ";")
        #expect(items[1][5] == "0,840" && items[1][7] == "3,55")
    }

    @Test func scopesSelectBySearchIdsAndDates() async throws {
        func ids(_ scope: ExportScope) async throws -> [String] {
            try readWithCSVSwift(try await export(CSVOptions(), scope: scope), delimiter: ",").dropFirst().map { $0[0] }
        }
        #expect(try await ids(ExportScope(search: "ラーメン屋")) == ["tricky-3"])
        #expect(try await ids(ExportScope(search: "fraîche")) == ["tricky-2"])
        #expect(try await ids(ExportScope(receiptIds: ["tricky-3", "tricky-1"])) == ["tricky-1", "tricky-3"])
        #expect(try await ids(ExportScope(since: "2026-04-01")) == ["tricky-2", "tricky-3"])
        #expect(try await ids(ExportScope(until: "2026-04-02")) == ["tricky-1", "tricky-2"])
        #expect(try await ids(ExportScope(search: "groceries", since: "2026-04-01")) == ["tricky-2"])
        #expect(try await ids(ExportScope(receiptIds: [])) == [])
        // A chart's category: on the receipt or on one of its items, the list's rule.
        #expect(try await ids(ExportScope(category: "Snacks")) == ["tricky-1"])
        #expect(try await ids(ExportScope(since: "2026-04-01", category: "Groceries")) == ["tricky-2"])
        #expect(try await ids(ExportScope(uncategorisedOnly: true)) == ["tricky-3"])
    }

    @Test func anExportTakesExactlyTheReceiptsTheListShows() async throws {
        let database = try await store()
        let list = ReceiptRepository(database: database)
        let queries: [(ReceiptQuery, ExportScope)] = [
            (ReceiptQuery(category: "Snacks"), ExportScope(category: "Snacks")),
            (ReceiptQuery(uncategorisedOnly: true), ExportScope(uncategorisedOnly: true)),
            (ReceiptQuery(search: "lidl", range: DayRange(start: "2026-04-01", end: "2026-04-30"), category: "Groceries"),
             ExportScope(search: "lidl", since: "2026-04-01", until: "2026-04-30", category: "Groceries")),
        ]
        for (query, scope) in queries {
            let url = try temporaryFolder().appendingPathComponent("out.csv")
            _ = try await ReceiptExporter(database: database).export(.csv(CSVOptions()), scope: scope, to: url)
            let exported = Set(try readWithCSVSwift(url, delimiter: ",").dropFirst().map { $0[0] })
            #expect(exported == Set(try await list.summaries(matching: query).map(\.id)), "\(scope)")
            #expect(!exported.isEmpty)
        }
    }

    @Test func aLargeExportEncodedInParallelBatchesKeepsEveryRowInOrder() throws {
        let database = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 1500, seed: 3).run(into: database)
        let url = try temporaryFolder().appendingPathComponent("items.csv")
        let result = try ReceiptExporter(database: database).export(.csv(CSVOptions(table: .lineItems)), scope: .everything, to: url)
        let expected = try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.id, li.position, li.description FROM receipts r JOIN line_items li ON li.receipt_id = r.id
                ORDER BY r.purchase_date, r.seq, li.position
                """).map { [$0["id"] as String, String(($0["position"] as Int) + 1), $0["description"] as String] }
        }
        #expect(expected.count > 10_000 && result.rowCount == expected.count)
        let rows = try readWithPython(url, delimiter: ",")
        #expect(rows.count == expected.count + 1)
        #expect(rows.dropFirst().map { [$0[0], $0[3], $0[4]] } == expected)
        #expect(try readWithCSVSwift(url, delimiter: ",").count == expected.count + 1)
    }

    @Test func aFailingDestinationReportsTheFolder() async throws {
        let url = URL(fileURLWithPath: "/nonexistent-folder/out.csv")
        let database = try await store()
        let error = #expect(throws: ExportError.self) {
            _ = try ReceiptExporter(database: database).export(.csv(CSVOptions()), scope: .everything, to: url)
        }
        #expect(error?.errorDescription?.contains("/nonexistent-folder/out.csv") == true)
    }

    @Test func cellsASpreadsheetWouldRunAsFormulasAreNeutralised() async throws {
        let database = try AppDatabase.inMemory()
        let hostile = ["=HYPERLINK(\"http://x\",\"y\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]
        for (index, text) in hostile.enumerated() {
            try await ReceiptRepository(database: database).save(ReceiptPayload(
                id: "h\(index)", merchantName: index == 0 ? text : "Shop", purchaseDate: "2026-03-0\(index + 1)", currency: "CAD",
                totalAmount: "-3.00", paymentMethod: "-5", notes: text))
        }
        func rows(_ options: CSVOptions) throws -> [[String]] {
            let url = try temporaryFolder().appendingPathComponent("out.csv")
            _ = try ReceiptExporter(database: database, primaryCurrency: "CAD").export(.csv(options), scope: .everything, to: url)
            return try readWithPython(url, delimiter: ",").dropFirst().sorted { $0[0] < $1[0] }
        }
        let neutral = try rows(CSVOptions())
        #expect(neutral.map { $0[12] } == hostile.map { "'" + $0 })
        #expect(neutral[0][2] == "'" + hostile[0])
        #expect(neutral.allSatisfy { $0[11] == "-5" }, "a number stays a number")
        #expect(neutral.allSatisfy { $0[8] == "-3.00" }, "amounts are numbers")
        let raw = try rows(CSVOptions(neutralisesFormulas: false))
        #expect(raw.map { $0[12] } == hostile)
    }
}

/// The app's export: awaited, and stopped by its task's cancellation.
@Suite struct AsyncExportTests {
    @Test func cancellingTheTaskStopsTheExportAndWritesNothing() async throws {
        let big = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 2000).run(into: big)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-async-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("items.csv")
        let exporter = ReceiptExporter(database: big)
        let task = Task { try await exporter.export(.csv(CSVOptions(table: .lineItems)), scope: .everything, to: url) }
        task.cancel()
        await #expect(throws: ExportError.cancelled) { try await task.value }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let cancellation = ExportCancellation()
        let written = try await exporter.export(.json, scope: .everything, to: url, cancellation: cancellation)
        #expect(written.receiptCount == 2000)
        #expect(!cancellation.cancel(), "the file was already written")
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
