import Synchronization

/// A token store that keeps tokens for the process only: fixtures and tests.
public final class MemoryTokenStore: TokenStore {
    private let tokens = Mutex<[TokenAccount: String]>([:])
    public let isAvailable: Bool

    public init(isAvailable: Bool = true) {
        self.isAvailable = isAvailable
    }

    public func token(for account: TokenAccount) async throws -> String? {
        tokens.withLock { $0[account] }
    }

    public func store(_ token: String, for account: TokenAccount) async throws {
        tokens.withLock { $0[account] = token }
    }

    public func deleteToken(for account: TokenAccount) async throws {
        _ = tokens.withLock { $0.removeValue(forKey: account) }
    }

    @discardableResult public func deleteAll() async throws -> Int {
        tokens.withLock { all in
            defer { all.removeAll() }
            return all.count
        }
    }

    public func count() async throws -> Int {
        tokens.withLock { $0.count }
    }
}
