import ArgumentParser
import Foundation
import PlutarySecrets

/// `plutary token status`: whether a token is stored; never prints the token.
struct TokenStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Say whether a token is stored (exit 1 when none).")

    @OptionGroup var service: ServiceOptions

    func run() throws {
        let account = try service.configuration().account
        let keyring = try KeyringAccess.open()
        let stored = try AsyncRunner.runThrowing { try await keyring.token(for: account) } != nil
        print(stored ? "A token is stored for \(account.provider) at \(account.baseURL)."
                     : "No token is stored for \(account.provider) at \(account.baseURL).")
        if !stored { throw ExitCode(1) }
    }
}
