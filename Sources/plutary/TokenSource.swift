import Foundation
import PlutaryCore
import PlutarySecrets

/// Where the CLI gets the API token: `PLUTARY_API_TOKEN` when set, else the keyring.
enum TokenSource {
    static let environmentVariable = "PLUTARY_API_TOKEN"

    static func token(for account: TokenAccount, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let token = environment[environmentVariable], !token.isEmpty { return token }
        let keyring = KeyringTokenStore()
        guard keyring.isAvailable else { return nil }
        do {
            return try AsyncRunner.runThrowing { try await keyring.token(for: account) }
        } catch {
            FileHandle.standardError.write(Data("plutary: \(error.localizedDescription)\n".utf8))
            return nil
        }
    }
}
