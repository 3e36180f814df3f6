import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A remote service that reads a receipt image: the REST `/analyze` API or an
/// OpenAI-compatible vision endpoint. Implementations are stateless and safe to
/// call from several uploads at once.
public protocol AnalysisProvider: Sendable {
    var kind: AnalysisProviderKind { get }
    /// Sends one JPEG and maps the answer into the sync payload; `progress` hears the bytes sent.
    func analyze(jpeg: Data, localId: String, progress: HTTPClient.Progress?) async throws(AnalysisError) -> AnalysisResult
    /// `GET {base}/v1/models`: whether the URL and token work.
    func testConnection() async -> ConnectionTestResult
}

extension AnalysisProvider {
    /// Shared by both providers: the OpenAI-style model list answers for either service.
    func checkModels(baseURL: URL, token: String?, client: HTTPClient) async -> ConnectionTestResult {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/models"))
        request.httpMethod = "GET"
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        do throws(AnalysisError) {
            let response = try await client.send(request)
            switch response.status {
            case 200: return .ok
            case 401: return .badToken
            default: return .status(response.status)
            }
        } catch {
            return .unreachable(error.message)
        }
    }
}
