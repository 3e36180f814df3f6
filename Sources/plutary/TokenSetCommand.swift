import ArgumentParser
import Foundation
import PlutarySecrets

/// `plutary token set`: reads the token from standard input (never from the
/// command line, where other users and the shell history would see it).
struct TokenSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Store the token read from standard input (one line).")

    @OptionGroup var service: ServiceOptions

    func run() throws {
        let account = try service.configuration().account
        let keyring = try KeyringAccess.open()
        let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let token = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw ValidationError("No token on standard input.") }
        try AsyncRunner.runThrowing { try await keyring.store(token, for: account) }
        print("Token stored in the keyring for \(account.provider) at \(account.baseURL).")
    }
}
