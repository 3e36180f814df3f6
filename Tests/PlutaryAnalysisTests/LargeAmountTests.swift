import Foundation
import GRDB
import PlutaryCore
import Testing

/// Amounts too large for the store, fed to the real binary through each door
/// (an import file, a stored receipt, a service's answer): each run ends with a
/// message, never with an overflow trap (SIGILL, exit status 132).
@Suite struct LargeAmountTests {
    typealias Answer = ScriptedServer.Answer
    static let huge = "100000000000000000"

    private func write(_ receipts: [[String: Any]], in directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("import-\(UUID().uuidString).json")
        let export: [String: Any] = ["format": "plutary-receipts", "format_version": 1, "receipts": receipts]
        try JSONSerialization.data(withJSONObject: export).write(to: url)
        return url
    }

    @Test func importRefusesTheReceiptByName() throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try write([["id": "r-huge", "currency": "CAD", "purchase_date": "2026-01-02", "total_amount": Self.huge,
                               "line_items": [] as [Any]]], in: directory)
        let run = try PlutaryBinary.run(["import", "--data-dir", directory.appendingPathComponent("data").path, file.path],
                                        directory: directory)
        #expect(run.status == 1, "status \(run.status): \(run.stderr)")
        #expect(run.stderr.contains("Receipt 1 (r-huge)"), "\(run.stderr)")
        #expect(run.stderr.contains("total_amount \"\(Self.huge)\" is larger than Plutary accepts (at most 100000000000.00 CAD)"),
                "\(run.stderr)")
    }

    @Test func chartsOverAmountsAtInt64MaxAreDrawn() throws {
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataDir = directory.appendingPathComponent("data")
        // Two on one day at one shop (summed in SQL), one on another day (summed in Swift).
        let receipts: [[String: Any]] = [("a", "2026-10-02"), ("b", "2026-10-02"), ("c", "2026-10-03")].map { id, day in
            ["id": id, "currency": "JPY", "merchant_name": "Shop", "purchase_date": day, "total_amount": "5", "line_items": [] as [Any]]
        }
        let imported = try PlutaryBinary.run(["import", "--data-dir", dataDir.path, try write(receipts, in: directory).path],
                                             directory: directory)
        try #require(imported.status == 0, "\(imported.stderr)")
        // As an older version could have stored them.
        let database = try AppDatabase.open(at: StoreLocation(directory: dataDir))
        try database.writer.write { try $0.execute(sql: "UPDATE receipts SET total_minor = ?", arguments: [Int64.max]) }

        for kind in ["monthly", "categories"] {
            let output = directory.appendingPathComponent("\(kind).svg")
            let run = try PlutaryBinary.run(["chart", "--data-dir", dataDir.path, "--kind", kind, "--currency", "JPY",
                                             "--period", "all", "-o", output.path], directory: directory)
            #expect(run.status == 0, "\(kind): status \(run.status): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func aServiceAnsweringAHugeTotalHasThatFieldRejected() async throws {
        let reading: [String: Any] = ["remoteId": "r-1", "merchant": "Walmart", "date": "2026-01-05", "total": Self.huge,
                                      "currency": "CAD", "lineItems": [["name": "TV", "total": Self.huge], ["name": "Milk", "total": "3.20"]]]
        let server = try ScriptedServer(["/analyze": [Answer(body: reading, token: "t")]])
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try TestImage.write(in: directory)
        let dataDir = directory.appendingPathComponent("data")
        let run = try PlutaryBinary.run(["analyze", "--queue", "--json", "--data-dir", dataDir.path, "--provider", "rest",
                                         "--base-url", server.baseURL, image.path],
                                        environment: ["PLUTARY_API_TOKEN": "t"], directory: directory)
        #expect(run.status == 0, "status \(run.status): \(run.stderr)")

        let database = try AppDatabase.open(at: StoreLocation(directory: dataDir))
        let job = try #require(try await AnalysisJobRepository(database: database).jobs().first)
        #expect(job.state == .done)
        #expect(job.remoteResult?.totalAmount == nil)
        #expect(job.remoteResult?.warnings.contains("total “\(Self.huge)” is not a usable amount; left out") == true)
        let id = try await #require(try database.writer.read { try String.fetchOne($0, sql: "SELECT id FROM receipts") })
        let receipt = try #require(try await ReceiptRepository(database: database).receipt(id: id))
        #expect(receipt.merchantName == "Walmart")
        #expect(receipt.totalAmount == nil)
        #expect(receipt.lineItems.map(\.description) == ["Milk"])
    }
}
