import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request, one answer, with a timeout; errors mapped into `AnalysisError`.
/// Transfers run through a session delegate, because only the delegate hears
/// how much of a request body has been sent (completion-handler tasks never say).
/// The timeout is a deadline for the whole exchange, enforced here: Linux's
/// URLSession ignores the resource timeout, so an answer dripping a byte at a
/// time would otherwise never end. Answers are capped at `maxBody` bytes.
public final class HTTPClient: Sendable {
    /// Bytes of the request body sent so far, of the total.
    public typealias Progress = @Sendable (_ sent: Int64, _ total: Int64) -> Void

    public struct Response: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: Data

        /// A header by case-insensitive name.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// The largest answer read (a receipt's JSON is a few kilobytes).
    public static let maxBody = 20 << 20

    public let timeout: TimeInterval
    private let session: URLSession
    private let transfers: HTTPTransfers

    public init(timeout: TimeInterval) {
        // Whole seconds: Linux's URLSession truncates a fractional timeout, so 0.7 s would fire at once.
        self.timeout = max(1, timeout.rounded(.up))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = 8
        configuration.urlCache = nil
        transfers = HTTPTransfers(maxBody: Self.maxBody)
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        // The session keeps its delegate until it is invalidated.
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest, progress: Progress? = nil) async throws(AnalysisError) -> Response {
        var request = request
        request.timeoutInterval = timeout
        let box = TaskBox()
        let result: Result<Response, AnalysisError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request)
                transfers.begin(task, progress: progress) { continuation.resume(returning: $0) }
                box.set(task)
                task.resume()
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [transfers, weak task] in
                    if let task { transfers.fail(task, with: .timeout) }
                }
            }
        } onCancel: {
            box.cancel()
        }
        return try result.get()
    }

    static func map(_ error: Error) -> AnalysisError {
        guard let urlError = error as? URLError else { return .network(error.localizedDescription) }
        switch urlError.code {
        case .timedOut: return .timeout
        case .cancelled: return .cancelled
        case .cannotConnectToHost: return .network("connection refused")
        case .networkConnectionLost: return .network("connection lost")
        case .cannotFindHost: return .network("host not found")
        case .notConnectedToInternet: return .network("not connected")
        default: return .network(urlError.localizedDescription)
        }
    }

    /// The running task, so a cancelled Swift task cancels the transfer.
    private final class TaskBox: @unchecked Sendable {
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var cancelled = false

        func set(_ task: URLSessionDataTask) {
            lock.lock(); defer { lock.unlock() }
            self.task = task
            if cancelled { task.cancel() }
        }

        func cancel() {
            lock.lock(); defer { lock.unlock() }
            cancelled = true
            task?.cancel()
        }
    }
}

extension HTTPClient.Response {
    /// Throws the classified error for a non-2xx status.
    func checkStatus() throws(AnalysisError) {
        guard !(200..<300).contains(status) else { return }
        let text = String(decoding: body.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        throw .http(status: status, retryAfter: retryAfter(), body: text)
    }

    /// `Retry-After` in seconds: a number, or an HTTP date relative to now.
    func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }
}
