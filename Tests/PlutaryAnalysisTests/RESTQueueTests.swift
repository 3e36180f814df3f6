import Foundation
import PlutaryCore
import Testing

/// The queue against a real REST `/analyze` server with scripted faults. After
/// each scenario the receipt is intact and the job is in the right state.
@Suite struct RESTQueueTests {
    typealias Answer = ScriptedServer.Answer

    nonisolated(unsafe) static let reading: [String: Any] = [
        "remoteId": "r-77", "merchant": "Costco Wholesale", "date": "2026-03-01", "total": 41.02, "currency": "cad",
        "category": "Groceries", "ocrText": "COSTCO WHOLESALE", "somethingNew": ["ignored": true],
        "lineItems": [
            ["name": "KS EGGS", "quantity": 2, "unitPrice": "4.99", "total": "9.98", "category": "Dairy"],
            ["name": "ROTISSERIE", "quantity": nil as Any? ?? NSNull(), "unitPrice": nil as Any? ?? NSNull(), "total": 31.04],
        ],
    ]

    private func config(_ server: ScriptedServer, timeout: TimeInterval = 5) -> AnalysisConfiguration {
        AnalysisConfiguration(provider: .rest, baseURL: server.baseURL + "/", timeout: timeout)
    }

    /// What must hold whatever happened: what the person had is still there.
    private func expectIntact(_ harness: QueueHarness) async throws {
        let receipt = try await harness.receipt
        #expect(receipt.notes == "keep me")
        #expect(receipt.imageSha256 == harness.original.imageSha256)
        #expect(try await harness.receipts.count() == 1)
    }

    @Test func reportsUploadProgressUpToTheWholeBody() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading)]])
        // 1.5 MB goes out in many writes; each is reported.
        let image = Data([0xFF, 0xD8]) + Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }) + Data([0xFF, 0xD9])
        let harness = try await QueueHarness(image: image)
        let job = try await harness.run(config(server))
        #expect(job.state == .done)
        let reports = harness.events.compactMap { event -> (sent: Int64, total: Int64)? in
            guard case .progress(let id, let receipt, let sent, let total) = event, id == job.id, receipt == harness.receiptId else { return nil }
            return (sent, total)
        }
        #expect(reports.count >= 2, "\(reports.count) progress reports")
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.sent <= $1.sent })
        let last = try #require(reports.last)
        #expect(last.sent == last.total)
        #expect(Int(last.total) == (server.requests.first?.bytes ?? -1))
        #expect(last.total > Int64(image.count * 4 / 3), "the base64 body, not the image alone")
    }

    @Test func sendsTheDocumentedRequestAndMapsTheAnswer() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading, token: "test-token")]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .done)
        #expect(job.attempts == 1)
        #expect(job.remoteId == "r-77")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.path == "/analyze")
        #expect(request.authorization == "Bearer test-token")
        #expect(request.body?["source"] as? String == "plutary")
        #expect((request.body?["metadata"] as? [String: Any])?["localId"] as? String == job.id)
        let image = try #require(request.body?["imageBase64"] as? String)
        #expect(Data(base64Encoded: image)?.prefix(2) == Data([0xFF, 0xD8]))

        let receipt = try await harness.receipt
        try await expectIntact(harness)
        #expect(receipt.merchantName == "Costco Wholesale")
        #expect(receipt.purchaseDate == "2026-03-01")
        #expect(receipt.currency == "CAD")
        #expect(receipt.totalAmount == "41.02")
        #expect(receipt.category == "Groceries")
        #expect(receipt.lineItems.map(\.description) == ["KS EGGS", "ROTISSERIE"])
        #expect(receipt.lineItems.map(\.total) == ["9.98", "31.04"])
        #expect(receipt.lineItems[0].quantity == "2" && receipt.lineItems[0].unitPrice == "4.99")
        #expect(receipt.lineItems[1].quantity == "1")
        #expect(receipt.autoFilledFields.contains("merchant_name"))
        #expect(job.filledFields.contains("total_amount"))
    }

    @Test func aServerErrorIsRetriedAfterBackoffAndThenSucceeds() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(status: 500, body: "boom"), Answer(body: Self.reading)]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .done)
        #expect(job.attempts == 2)
        #expect(job.lastError == nil)
        #expect(harness.clock.sleeps == [1])
        #expect(server.requests.count == 2)
        try await expectIntact(harness)
        #expect(try await harness.receipt.merchantName == "Costco Wholesale")
    }

    @Test func retryAfterOn429IsHonoured() async throws {
        let server = try ScriptedServer(["/analyze": [
            Answer(status: 429, body: "slow down", headers: ["Retry-After": "7"]), Answer(body: Self.reading),
        ]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .done)
        #expect(harness.clock.sleeps == [7])
        try await expectIntact(harness)
    }

    @Test func aHangPastTheTimeoutIsRetried() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading, delay: 5), Answer(body: Self.reading)]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server, timeout: 1))
        #expect(job.state == .done)
        // The hung answer would have been a good one after 5 s: a second attempt means the timeout cut it
        // short. (Wall time is no proof on a busy machine, so none is asserted.)
        #expect(job.attempts == 2)
        #expect(harness.clock.sleeps == [1])
        try await expectIntact(harness)
    }

    /// Quitting cancels an upload under way: stop() returns without waiting for the answer, and the
    /// job goes back to pending with the attempt not counted, to resume on the next start.
    @Test(.timeLimit(.minutes(1))) func stoppingCancelsTheUploadUnderWay() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading, delay: 120)]])
        let harness = try await QueueHarness()
        let outcome = try await harness.jobs.enqueue(receiptIds: [harness.receiptId], provider: "rest", now: harness.clock.now())
        let queue = harness.queue(config(server, timeout: 600))
        await queue.start()
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        await queue.stop()
        let job = try #require(try await harness.jobs.job(id: outcome.jobIds[0]))
        #expect(job.state == .pending && job.attempts == 0)
        try await expectIntact(harness)
    }

    @Test func malformedJSONFailsTheJobWithoutRetryAndLeavesTheReceipt() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: "{\"merchant\": \"Cost")]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .failed)
        #expect(job.attempts == 1)
        #expect(job.lastError?.contains("malformed") == true)
        #expect(server.requests.count == 1)
        try await expectIntact(harness)
        #expect(try await harness.receipt == harness.original)
    }

    @Test func unauthorizedStopsTheQueueAndKeepsTheJobPending() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading, token: "the-right-one")]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server), token: "a-wrong-one")
        #expect(job.state == .pending)
        #expect(job.attempts == 0)
        #expect(job.lastError?.contains("401") == true)
        #expect(harness.events.contains { if case .needsToken = $0 { true } else { false } })
        #expect(server.requests.count == 1)
        #expect(try await harness.receipt == harness.original)
    }

    @Test func anotherClientErrorFailsAtOnce() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(status: 422, body: "not a receipt")]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .failed)
        #expect(job.lastError == "HTTP 422: not a receipt")
        #expect(server.requests.count == 1)
        #expect(try await harness.receipt == harness.original)
    }

    @Test func retriesStopAtMaxAttemptsWithGrowingBackoff() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(status: 503, body: "")]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server), maxAttempts: 4)
        #expect(job.state == .failed)
        #expect(job.attempts == 4)
        #expect(job.lastError == "gave up after 4 attempts: HTTP 503")
        #expect(harness.clock.sleeps == [1, 2, 4])
        #expect(server.requests.count == 4)
        #expect(try await harness.receipt == harness.original)
    }

    @Test func aConnectionRefusedIsRetried() async throws {
        let server = try ScriptedServer([:])
        let base = server.baseURL
        server.stop()
        let harness = try await QueueHarness()
        let job = try await harness.run(AnalysisConfiguration(provider: .rest, baseURL: base, timeout: 2), maxAttempts: 2)
        #expect(job.state == .failed)
        #expect(job.lastError?.contains("network error") == true)
        #expect(harness.clock.sleeps == [1])
    }

    @Test func whatThePersonEditedIsNeverOverwritten() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading)]])
        let harness = try await QueueHarness(local: ReceiptPayload(
            merchantName: "My Corner Shop", currency: "CAD", totalAmount: "40.00", notes: "keep me",
            imageSha256: String(repeating: "cd", count: 32)))
        let job = try await harness.run(config(server))
        let receipt = try await harness.receipt
        #expect(receipt.merchantName == "My Corner Shop")
        #expect(receipt.totalAmount == "40.00")
        #expect(receipt.purchaseDate == "2026-03-01") // was empty: filled
        #expect(job.filledFields.contains("purchase_date") && !job.filledFields.contains("merchant_name"))
        // The remote reading is kept whole for the side-by-side choice.
        #expect(job.remoteResult?.merchantName == "Costco Wholesale")
        #expect(job.remoteResult?.totalAmount == "41.02")
    }

    @Test func theSameReceiptIsNeverQueuedTwiceNorCompletedTwice() async throws {
        let server = try ScriptedServer(["/analyze": [Answer(body: Self.reading)]])
        let harness = try await QueueHarness()
        let first = try await harness.jobs.enqueue(receiptIds: [harness.receiptId], provider: "rest", now: Date())
        let second = try await harness.jobs.enqueue(receiptIds: [harness.receiptId], provider: "rest", now: Date())
        #expect(first.jobIds == second.jobIds)
        let job = try await harness.run(config(server))
        #expect(job.id == first.jobIds[0])
        #expect(try await harness.jobs.jobs().count == 1)
        // A late duplicate result (e.g. a retried request answered twice) changes nothing.
        #expect(try harness.jobs.complete(jobId: job.id, with: AnalysisResult(payload: ReceiptPayload(merchantName: "Other")), now: Date()) == nil)
        #expect(try await harness.receipts.count() == 1)
        #expect(server.requests.count == 1)
    }
}
