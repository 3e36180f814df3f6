import Foundation

/// Why an analysis failed, classified by what the queue should do about it.
public enum AnalysisError: Error, LocalizedError, Equatable, Sendable {
    /// The request took longer than the timeout.
    case timeout
    /// No HTTP answer: refused, reset, DNS, TLS...
    case network(String)
    /// An HTTP error status; `retryAfter` is the server's `Retry-After`, in seconds.
    case http(status: Int, retryAfter: TimeInterval?, body: String)
    /// The answer arrived but is not a receipt the app can read.
    case malformed(String)
    /// Settings are incomplete (no provider, no URL, no model, no token).
    case notConfigured(reason: String)
    /// No token is stored for the service (the queue waits for one).
    case missingToken
    /// The receipt's image cannot be read or encoded.
    case unreadableImage(String)
    /// The upload was stopped (the app quit); the job is resumed next start.
    case cancelled
    /// The service redirected to another origin, which is refused so the token stays home.
    case redirected(origin: String)

    public enum Disposition: Equatable, Sendable {
        /// Try again later; `after` overrides the backoff (Retry-After).
        case retry(after: TimeInterval?)
        /// The token is missing or refused: stop the whole queue and ask for one.
        case stopQueue
        /// Retrying cannot help: fail the job now.
        case fail
    }

    public var disposition: Disposition {
        switch self {
        case .timeout, .network: .retry(after: nil)
        case .cancelled: .retry(after: 0)
        case let .http(status, retryAfter, _):
            switch status {
            case 401, 403: .stopQueue
            case 429, 503: .retry(after: retryAfter)
            case 500...599: .retry(after: nil)
            default: .fail
            }
        case .missingToken: .stopQueue
        case .malformed, .notConfigured, .unreadableImage, .redirected: .fail
        }
    }

    public var errorDescription: String? { message }

    /// One line for the job's `last_error`, the CLI and Settings.
    public var message: String {
        switch self {
        case .timeout: "the request timed out"
        case let .network(reason): "network error: \(reason)"
        case let .http(status, _, body):
            body.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(body.prefix(200))"
        case let .malformed(reason): "malformed answer: \(reason)"
        case let .notConfigured(reason): reason
        case .missingToken: "no API token is stored for this service"
        case let .unreadableImage(reason): "the image cannot be sent: \(reason)"
        case .cancelled: "the upload was stopped"
        case let .redirected(origin): "The service redirected to another host (\(origin)); the token was not sent."
        }
    }
}
