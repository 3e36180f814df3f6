import Foundation

/// Why the keyring could not do what was asked. Messages never contain the token.
public enum KeyringError: Error, LocalizedError, Equatable, Sendable {
    case unavailable
    case timedOut(seconds: TimeInterval)
    case failed(String)

    public var errorDescription: String? {
        switch self {
        case .unavailable: "no keyring (Secret Service) is reachable on the session bus"
        case let .timedOut(seconds): String(format: "the keyring did not answer within %.0f s (is it locked?)", seconds)
        case let .failed(message): "keyring error: \(message)"
        }
    }
}
