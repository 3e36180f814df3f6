import Foundation

/// Where the analysis service's API token lives. The live implementation is the
/// desktop keyring (PlutarySecrets); the token is never written anywhere else.
public protocol TokenStore: Sendable {
    /// False when no keyring (Secret Service) is reachable; Settings says so.
    var isAvailable: Bool { get }
    func token(for account: TokenAccount) throws -> String?
    /// Stores or replaces the token of `account`.
    func store(_ token: String, for account: TokenAccount) throws
    func deleteToken(for account: TokenAccount) throws
    /// Deletes every token the app stored; returns how many there were.
    @discardableResult func deleteAll() throws -> Int
    /// How many tokens the app has stored (for the reset summary).
    func count() throws -> Int
}
