import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of an `HTTPClient`: collects each task's answer,
/// reports its upload progress, and hands the outcome to the task's waiter.
final class HTTPTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = @Sendable (Result<HTTPClient.Response, AnalysisError>) -> Void

    private struct Transfer {
        var body = Data()
        /// The other origin a redirect pointed to, refused.
        var refusedRedirect: String?
        let progress: HTTPClient.Progress?
        let completion: Completion
    }

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func begin(_ task: URLSessionTask, progress: HTTPClient.Progress?, completion: @escaping Completion) {
        lock.withLock { transfers[task.taskIdentifier] = Transfer(progress: progress, completion: completion) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        let progress = lock.withLock { transfers[task.taskIdentifier]?.progress }
        progress?(totalBytesSent, totalBytesExpectedToSend)
    }

    /// Same-origin redirects are followed; another origin would receive the
    /// token (the session copies the headers), so the transfer ends there.
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let from = task.originalRequest?.url.map(Self.origin)
        let to = request.url.map(Self.origin)
        if let from, from == to {
            completionHandler(request)
            return
        }
        lock.withLock { transfers[task.taskIdentifier]?.refusedRedirect = to ?? "an unknown address" }
        completionHandler(nil)
    }

    /// Scheme, host and port, the port spelled out when the URL leaves it implicit.
    static func origin(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { transfers[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let origin = transfer.refusedRedirect {
            transfer.completion(.failure(.redirected(origin: origin)))
        } else if let error {
            transfer.completion(.failure(HTTPClient.map(error)))
        } else if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                headers[String(describing: key)] = String(describing: value)
            }
            transfer.completion(.success(HTTPClient.Response(status: http.statusCode, headers: headers, body: transfer.body)))
        } else {
            transfer.completion(.failure(.network("no HTTP response")))
        }
    }
}
