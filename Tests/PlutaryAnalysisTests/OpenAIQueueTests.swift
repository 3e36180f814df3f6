import Foundation
import PlutaryCore
import Testing

/// The queue against a real OpenAI-compatible `/v1/chat/completions` server.
@Suite struct OpenAIQueueTests {
    typealias Answer = ScriptedServer.Answer

    static let receiptJSON = """
        {"merchant": "Lidl", "date": "2026-02-03", "currency": "EUR", "subtotal": 10.5, "tax": "0,74", "tip": null,
         "total": "11.24", "payment_method": "card", "category": "Groceries",
         "line_items": [{"name": "Vollmilch", "quantity": 1, "unit_price": 1.15, "total": 1.15, "category": "Dairy"},
                        {"name": "Brot", "quantity": 1, "unit_price": 9.35, "total": 9.35, "category": "Bakery"}]}
        """

    static func completion(_ content: String, finish: String = "stop") -> [String: Any] {
        ["id": "chatcmpl-1", "object": "chat.completion",
         "choices": [["index": 0, "finish_reason": finish, "message": ["role": "assistant", "content": content]]]]
    }

    private func config(_ server: ScriptedServer) -> AnalysisConfiguration {
        AnalysisConfiguration(provider: .openai, baseURL: server.baseURL, model: "llava-test", timeout: 5)
    }

    @Test func markdownFencedJSONIsReadAndTheRequestHasTheDocumentedShape() async throws {
        let fenced = "Here is the receipt:\n```json\n\(Self.receiptJSON)\n```\nAnything else?"
        let server = try ScriptedServer(["/v1/chat/completions": [Answer(body: Self.completion(fenced))]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .done)
        let receipt = try await harness.receipt
        #expect(receipt.merchantName == "Lidl")
        #expect(receipt.currency == "EUR")
        #expect(receipt.taxAmount == "0.74")
        #expect(receipt.subtotalAmount == "10.5" || receipt.subtotalAmount == "10.50")
        #expect(receipt.paymentMethod == "card")
        #expect(receipt.lineItems.map(\.description) == ["Vollmilch", "Brot"])
        #expect(receipt.lineItems.map(\.category) == ["Dairy", "Bakery"])
        #expect(receipt.notes == "keep me")

        let body = try #require(server.requests.first?.body)
        #expect(body["model"] as? String == "llava-test")
        #expect(body["temperature"] as? Double == 0.1)
        let messages = try #require(body["messages"] as? [[String: Any]])
        let user = try #require(messages.last?["content"] as? [[String: Any]])
        let url = try #require((user.first { $0["type"] as? String == "image_url" }?["image_url"] as? [String: Any])?["url"] as? String)
        #expect(url.hasPrefix("data:image/jpeg;base64,"))
        let prompt = try #require(messages.first?["content"] as? String)
        for field in ["merchant", "date", "currency", "subtotal", "tax", "tip", "total", "payment_method", "category", "line_items"] {
            #expect(prompt.contains(field), "prompt does not ask for \(field)")
        }
    }

    @Test func aTruncatedAnswerIsRepairedKeepingOnlyWhatArrivedWhole() async throws {
        // Cut mid-way through the second item's name, as a model at its token limit does.
        let cut = String(Self.receiptJSON.prefix(upTo: Self.receiptJSON.range(of: "\"Brot")!.upperBound).dropLast(2))
        let server = try ScriptedServer(["/v1/chat/completions": [Answer(body: Self.completion("```json\n" + cut, finish: "length"))]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .done)
        let receipt = try await harness.receipt
        #expect(receipt.merchantName == "Lidl")
        #expect(receipt.totalAmount == "11.24")
        #expect(receipt.lineItems.map(\.description) == ["Vollmilch"])
        #expect(job.remoteResult?.warnings.contains { $0.contains("cut off") } == true)
    }

    @Test func anAnswerWithNoJSONFailsTheJob() async throws {
        let server = try ScriptedServer(["/v1/chat/completions": [Answer(body: Self.completion("I cannot read this image."))]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .failed)
        #expect(job.lastError?.contains("no JSON object") == true)
        #expect(try await harness.receipt == harness.original)
    }

    @Test func aBodyThatIsNotACompletionFailsTheJob() async throws {
        let server = try ScriptedServer(["/v1/chat/completions": [Answer(body: "<html>proxy error</html>")]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .failed)
        #expect(job.lastError?.contains("malformed") == true)
        #expect(try await harness.receipt == harness.original)
    }

    @Test func serverErrorThenSuccessAndUnauthorized() async throws {
        let server = try ScriptedServer(["/v1/chat/completions": [Answer(status: 502), Answer(body: Self.completion(Self.receiptJSON))]])
        let harness = try await QueueHarness()
        let job = try await harness.run(config(server))
        #expect(job.state == .done && job.attempts == 2)
        #expect(try await harness.receipt.merchantName == "Lidl")

        let locked = try ScriptedServer(["/v1/chat/completions": [Answer(status: 403, body: "forbidden")]])
        let other = try await QueueHarness()
        let stopped = try await other.run(config(locked))
        #expect(stopped.state == .pending && stopped.attempts == 0)
        #expect(try await other.receipt == other.original)
    }

    @Test func testConnectionReportsOkBadTokenOrTheStatus() async throws {
        let server = try ScriptedServer(["/v1/models": [
            Answer(body: ["data": [["id": "llava"]]]), Answer(status: 401), Answer(status: 404),
        ]])
        let provider = try config(server).makeProvider(token: "t")
        #expect(await provider.testConnection() == .ok)
        #expect(await provider.testConnection() == .badToken)
        #expect(await provider.testConnection() == .status(404))
        #expect(server.requests.allSatisfy { $0.method == "GET" && $0.path == "/v1/models" && $0.authorization == "Bearer t" })
        server.stop()
        if case .unreachable = await provider.testConnection() {} else { Issue.record("a stopped server should be unreachable") }
    }
}
