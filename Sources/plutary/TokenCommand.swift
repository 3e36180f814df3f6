import ArgumentParser

/// `plutary token`: the analysis service's API token in the keyring, without the GUI.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Store, delete or check the analysis service's API token in the keyring.",
        subcommands: [TokenSetCommand.self, TokenDeleteCommand.self, TokenStatusCommand.self])
}
