import Foundation

/// Everything a provider needs to be built, except the token.
public struct AnalysisConfiguration: Hashable, Sendable {
    public var provider: AnalysisProviderKind
    public var baseURL: String
    public var model: String
    /// Seconds one request may take before it counts as a timeout (retryable).
    public var timeout: TimeInterval

    public init(provider: AnalysisProviderKind, baseURL: String, model: String = "", timeout: TimeInterval = 60) {
        self.provider = provider
        self.baseURL = baseURL
        self.model = model
        self.timeout = timeout
    }

    /// The keyring account of this configuration's token.
    public var account: TokenAccount {
        TokenAccount(provider: provider.rawValue, baseURL: AnalysisConfiguration.normalized(baseURL))
    }

    /// The base URL without surrounding blanks or trailing slashes, so one service has one token.
    public static func normalized(_ baseURL: String) -> String {
        var text = baseURL.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// True for plain http to another machine: the receipts and the token would cross the network unencrypted.
    public static func isUnencryptedRemote(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "http", let host = url.host?.lowercased() else { return false }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        let loopback = parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
        return !(loopback || ["localhost", "::1", "[::1]"].contains(host) || host.hasSuffix(".localhost"))
    }

    /// Builds the provider this configuration names.
    public func makeProvider(token: String?) throws -> any AnalysisProvider {
        guard let base = URL(string: AnalysisConfiguration.normalized(baseURL)),
              let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https", base.host != nil
        else { throw AnalysisError.notConfigured(reason: "the base URL is not an http or https URL") }
        let client = HTTPClient(timeout: timeout)
        switch provider {
        case .none: throw AnalysisError.notConfigured(reason: "no analysis provider is configured")
        case .rest: return RESTAnalysisProvider(baseURL: base, token: token, client: client)
        case .openai:
            guard !model.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw AnalysisError.notConfigured(reason: "the OpenAI-compatible provider needs a model name")
            }
            return OpenAIVisionProvider(baseURL: base, token: token, model: model, client: client)
        }
    }
}
