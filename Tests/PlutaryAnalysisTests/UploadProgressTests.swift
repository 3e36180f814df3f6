import Foundation
import PlutaryCore
@testable import PlutaryPresentation
import Testing

/// The receipts list's Analysis column while a receipt is sent: a progress bar
/// that fills as the body goes out, then "Waiting for the service…" until the
/// answer, then no bar and "Analysed". Against a real server on 127.0.0.1.
@MainActor
struct UploadProgressTests {
    @Test func theListShowsTheUploadFillingThenWaitingThenDone() async throws {
        let answer: [String: Any] = ["merchant": "Corner Bakery", "total": "7.63", "currency": "CAD"]
        // The answer waits, so the "all sent, waiting" moment lasts long enough to see.
        let server = try ScriptedServer(["/analyze": [.init(body: answer, delay: 1.5)]])
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO image_files(sha256, path, byte_size, created_at) VALUES ('aa', '/stored.jpg', 1, '2026-01-01')")
        }
        let id = try await store.save(ReceiptPayload(notes: "mine", imageSha256: "aa"))
        var environment = AppEnvironment.inMemory(database: database, version: "test")
        environment.preferences.set(.analysisProvider, .string("rest"))
        environment.preferences.set(.analysisBaseURL, .string(server.baseURL))
        try await environment.tokens.store("t", for: TokenAccount(provider: "rest", baseURL: server.baseURL))
        let jpeg = Data([0xFF, 0xD8]) + Data(repeating: 0x5A, count: 800_000) + Data([0xFF, 0xD9])
        let center = AnalysisCenter(environment: environment) { _ in PreparedUpload(jpeg: jpeg, width: 1, height: 1) }
        let list = ReceiptListViewModel(store: store, analysis: center, locale: Locale(identifier: "en_US"))
        await list.reload().value
        let row = try #require(list.rows.first)
        #expect(list.analysisProgress(of: row) == nil)

        center.start()
        list.sendToAnalysis(ids: [id])
        var seen: [Double] = []
        var waitingText: String?
        for _ in 0..<400 {
            if let fraction = list.analysisProgress(of: row) {
                if seen.last != fraction { seen.append(fraction) }
                if fraction == 1 { waitingText = list.analysisState(of: row) }
            }
            if center.job(forReceipt: id)?.state == .done { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(center.job(forReceipt: id)?.state == .done)
        #expect(seen.first == 0 || seen.count >= 2, "the bar starts before the body is sent: \(seen)")
        #expect(seen.last == 1, "\(seen)")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 <= $1 }, "\(seen)")
        #expect(waitingText == "Waiting for the service…")
        // Done: no bar, and no progress left behind.
        #expect(list.analysisProgress(of: row) == nil)
        #expect(center.uploadProgress.isEmpty)
        // The reading filled the empty fields, so once the list has re-read them nothing differs.
        #expect(list.analysisState(of: row) == "Analysed: open to compare")
        await list.reload().value
        #expect(list.analysisState(of: try #require(list.rows.first)) == "Analysed")
        await center.stop()
    }

    @Test func theUploadTextSaysHowMuchIsSentInThePersonsLocale() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        let id = try await store.save(ReceiptPayload(notes: "mine"))
        let center = AnalysisCenter(environment: AppEnvironment.inMemory(database: database, version: "test")) { _ in PreparedUpload(jpeg: Data(), width: 1, height: 1) }
        let list = ReceiptListViewModel(store: store, analysis: center, locale: Locale(identifier: "fr_FR"))
        await list.reload().value
        let row = try #require(list.rows.first)
        center.handle(.job(AnalysisJob(id: "j", receiptId: id, imageSha256: "aa", provider: "rest", state: .uploading)))
        #expect(list.analysisProgress(of: row) == 0)
        center.handle(.progress(jobId: "j", receiptId: id, sent: 450, total: 1000))
        #expect(list.analysisProgress(of: row) == 0.45)
        #expect(list.analysisState(of: row).hasPrefix("Uploading 45"))
        #expect(list.analysisState(of: row).hasSuffix("%"))
        // A report arriving after the job ended is dropped.
        center.handle(.job(AnalysisJob(id: "j", receiptId: id, imageSha256: "aa", provider: "rest", state: .failed, lastError: "x")))
        center.handle(.progress(jobId: "j", receiptId: id, sent: 900, total: 1000))
        #expect(list.analysisProgress(of: row) == nil)
        #expect(center.uploadProgress.isEmpty)
    }
}

@MainActor
struct AnalysedRowTests {
    @Test func theRowSaysWhenTheServiceReadSomethingElse() {
        let saved = ReceiptSummary(id: "r", purchaseDate: "2026-03-12", merchantName: "CORNER BAKERY", category: "Dining",
                                   total: Money(minorUnits: 763, currency: "CAD"), itemCount: 2, isFixture: false)
        let same = ReceiptPayload(merchantName: "Corner Bakery", purchaseDate: "2026-03-12", totalAmount: "7.630", category: "dining",
                                  lineItems: [LineItemPayload(description: "A", total: "1"), LineItemPayload(description: "B", total: "2")])
        #expect(!ReceiptListViewModel.differs(saved, from: same))
        #expect(!ReceiptListViewModel.differs(saved, from: ReceiptPayload()), "what the service did not read is no difference")
        var other = same
        other.totalAmount = "7.68"
        #expect(ReceiptListViewModel.differs(saved, from: other))
        other = same
        other.lineItems.removeLast()
        #expect(ReceiptListViewModel.differs(saved, from: other))
        other = same
        other.purchaseDate = "2026-03-13"
        #expect(ReceiptListViewModel.differs(saved, from: other))
    }
}
