/// Which service a token belongs to: the keyring attributes it is stored under.
public struct TokenAccount: Hashable, Sendable {
    public var provider: String
    public var baseURL: String

    public init(provider: String, baseURL: String) {
        self.provider = provider
        self.baseURL = baseURL
    }
}
