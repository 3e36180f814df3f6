import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The receipt analysis REST API: `POST {base}/analyze` with the image as base64.
public struct RESTAnalysisProvider: AnalysisProvider {
    public let baseURL: URL
    let token: String?
    let client: HTTPClient

    public var kind: AnalysisProviderKind { .rest }

    public init(baseURL: URL, token: String?, client: HTTPClient) {
        self.baseURL = baseURL
        self.token = token
        self.client = client
    }

    public func analyze(jpeg: Data, localId: String, progress: HTTPClient.Progress?) async throws(AnalysisError) -> AnalysisResult {
        var request = URLRequest(url: baseURL.appendingPathComponent("analyze"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let body: [String: Any] = [
            "imageBase64": jpeg.base64EncodedString(),
            "source": "plutary",
            "metadata": ["localId": localId],
        ]
        request.httpBody = try? JSONSerialization.data(withJSONObject: body)
        let response = try await client.send(request, progress: progress)
        try response.checkStatus()
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw .malformed("the answer is not a JSON object")
        }
        let remoteId = RemoteFields(object).string("remoteId", "remote_id", "id")
        return AnalysisResult(payload: RemoteReceiptMapper.payload(from: object, provider: kind), remoteId: remoteId)
    }

    public func testConnection() async -> ConnectionTestResult {
        await checkModels(baseURL: baseURL, token: token, client: client)
    }
}
