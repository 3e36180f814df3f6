import ArgumentParser
import Foundation
import PlutarySecrets

/// `plutary token delete`: removes the token of one service, or every token the app stored.
struct TokenDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete the stored token.")

    @OptionGroup var service: ServiceOptions

    @Flag(help: "Delete every token Plutary stored, for any service.")
    var all = false

    func run() throws {
        let keyring = try KeyringAccess.open()
        if all {
            let count = try AsyncRunner.runThrowing { try await keyring.deleteAll() }
            print("Deleted \(count) token(s) from the keyring.")
            return
        }
        let account = try service.configuration().account
        try AsyncRunner.runThrowing { try await keyring.deleteToken(for: account) }
        print("Token deleted for \(account.provider) at \(account.baseURL).")
    }
}
