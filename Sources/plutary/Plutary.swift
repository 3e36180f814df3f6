import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore
import PlutaryPresentation

/// `plutary`: the desktop app, or a headless subcommand.
@main
struct Plutary: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "plutary",
        abstract: "Scan receipts and review your expenses, on your own machine.",
        discussion: "Without a subcommand, opens the Plutary window.",
        version: version,
        subcommands: [ScanCommand.self, ParseCommand.self, GenerateCommand.self, ExportCommand.self, ImportCommand.self,
                      BackupCommand.self, RestoreCommand.self])

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let database = try global.openDatabase()
        let status = MainActor.assumeIsolated {
            // The keyring-backed token store arrives with remote analysis; until then tokens stay in memory.
            let environment = AppEnvironment(database: database, preferences: Preferences(), tokens: MemoryTokenStore(),
                                             version: Plutary.version)
            return PlutaryGUI.run(environment: environment, arguments: [CommandLine.arguments[0]])
        }
        if status != 0 { throw ExitCode(status) }
    }
}
