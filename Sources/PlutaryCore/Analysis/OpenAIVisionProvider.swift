import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Any OpenAI-compatible vision endpoint (OpenAI, llama.cpp, Ollama...):
/// `POST {base}/v1/chat/completions` with the image as a data URL.
public struct OpenAIVisionProvider: AnalysisProvider {
    public let baseURL: URL
    public let model: String
    let token: String?
    let client: HTTPClient

    public var kind: AnalysisProviderKind { .openai }

    static let prompt = """
        You read photographed shop receipts. Answer with exactly one JSON object and nothing else, with these keys: \
        "merchant" (string), "date" (YYYY-MM-DD), "currency" (ISO 4217 code), "subtotal", "tax", "tip", "total" \
        (decimal numbers), "payment_method" (string), "category" (string), and "line_items": an array of objects with \
        "name", "quantity", "unit_price", "total" (decimal numbers) and "category". Use null for anything the receipt \
        does not show.
        """

    public init(baseURL: URL, token: String?, model: String, client: HTTPClient) {
        self.baseURL = baseURL
        self.token = token
        self.model = model
        self.client = client
    }

    public func analyze(jpeg: Data, localId: String, progress: HTTPClient.Progress?) async throws(AnalysisError) -> AnalysisResult {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/chat/completions"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let body: [String: Any] = [
            "model": model,
            "temperature": 0.1,
            "messages": [
                ["role": "system", "content": Self.prompt],
                ["role": "user", "content": [
                    ["type": "text", "text": "Read this receipt."],
                    ["type": "image_url", "image_url": ["url": "data:image/jpeg;base64,\(jpeg.base64EncodedString())"]],
                ] as [Any]],
            ] as [Any],
        ]
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        let response = try await client.send(request, progress: progress)
        try response.checkStatus()
        let (content, _) = try Self.messageContent(response.body)
        let extracted = try JSONExtractor.object(in: content)
        var payload = RemoteReceiptMapper.payload(from: extracted.object, provider: kind)
        if extracted.repaired {
            payload.warnings.append("the answer was cut off; what arrived was kept and the rest left empty")
        }
        let remoteId = ((try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any])?["id"] as? String
        return AnalysisResult(payload: payload, remoteId: remoteId)
    }

    /// The first choice's text, and whether the server says it stopped at the length limit.
    static func messageContent(_ body: Data) throws(AnalysisError) -> (String, Bool) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
              let choice = (object["choices"] as? [Any])?.first as? [String: Any],
              let message = choice["message"] as? [String: Any]
        else { throw .malformed("not a chat completion (no choices[0].message)") }
        let cutOff = (choice["finish_reason"] as? String) == "length"
        if let text = message["content"] as? String { return (text, cutOff) }
        if let parts = message["content"] as? [Any] {
            let text = parts.compactMap { ($0 as? [String: Any])?["text"] as? String }.joined()
            if !text.isEmpty { return (text, cutOff) }
        }
        throw .malformed("the completion has no text content")
    }

    public func testConnection() async -> ConnectionTestResult {
        await checkModels(baseURL: baseURL, token: token, client: client)
    }
}
