import Foundation

/// Where the analysis service's API token lives. The live implementation is the
/// desktop keyring (PlutarySecrets); the token is never written anywhere else.
/// Async: the keyring answers over D-Bus, up to its timeout, so the live store
/// waits on a thread of its own (`WorkerThread`), never on one of Swift's cooperative pool.
public protocol TokenStore: Sendable {
    /// False when no keyring (Secret Service) is reachable; Settings says so.
    var isAvailable: Bool { get }
    func token(for account: TokenAccount) async throws -> String?
    /// Stores or replaces the token of `account`.
    func store(_ token: String, for account: TokenAccount) async throws
    func deleteToken(for account: TokenAccount) async throws
    /// Deletes every token the app stored; returns how many there were.
    @discardableResult func deleteAll() async throws -> Int
    /// How many tokens the app has stored (for the reset summary).
    func count() async throws -> Int
}
