import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of an `HTTPClient`: collects each task's answer (up
/// to `maxBody` bytes), reports its upload progress, and hands the outcome to
/// the task's waiter.
final class HTTPTransfers: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Completion = @Sendable (Result<HTTPClient.Response, AnalysisError>) -> Void

    private struct Transfer {
        var body = Data()
        /// Why the transfer was cut short (a refused redirect, too large an answer, the deadline).
        var failure: AnalysisError?
        let progress: HTTPClient.Progress?
        let completion: Completion
    }

    private let maxBody: Int
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    init(maxBody: Int) {
        self.maxBody = maxBody
    }

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
        lock.withLock { transfers[task.taskIdentifier]?.failure = .redirected(origin: to ?? "an unknown address") }
        completionHandler(nil)
    }

    /// Ends a running transfer with `error` (the first reason given wins); a finished one is left alone.
    func fail(_ task: URLSessionTask, with error: AnalysisError) {
        let running = lock.withLock { () -> Bool in
            guard transfers[task.taskIdentifier] != nil else { return false }
            if transfers[task.taskIdentifier]?.failure == nil { transfers[task.taskIdentifier]?.failure = error }
            return true
        }
        if running { task.cancel() }
    }

    /// Scheme, host and port, the port spelled out when the URL leaves it implicit.
    static func origin(_ url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let fits = lock.withLock { () -> Bool in
            guard let received = transfers[dataTask.taskIdentifier]?.body.count, received + data.count <= maxBody else { return false }
            transfers[dataTask.taskIdentifier]?.body.append(data)
            return true
        }
        if !fits { fail(dataTask, with: .malformed("the answer is larger than \(maxBody >> 20) MB")) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.completion(.failure(failure))
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
