import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore
import PlutaryOCR
import PlutaryPresentation
import PlutarySecrets

/// `plutary`: the desktop app, or a headless subcommand.
@main
struct Plutary: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "plutary",
        abstract: "Scan receipts and review your expenses, on your own machine.",
        discussion: "Without a subcommand, opens the Plutary window.",
        version: version,
        subcommands: [ScanCommand.self, ParseCommand.self, AnalyzeCommand.self, TokenCommand.self, GenerateCommand.self])

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let database = try global.openDatabase()
        // Asked before the window exists, so the bus probe never stalls a frame. Without a keyring,
        // an unavailable in-memory store: Settings says so and keeps remote analysis off.
        let keyring = KeyringTokenStore()
        let tokens: any TokenStore = keyring.isAvailable ? keyring : MemoryTokenStore(isAvailable: false)
        let (status, analysis) = MainActor.assumeIsolated {
            var environment = AppEnvironment(database: database, preferences: Preferences(), tokens: tokens, version: Plutary.version)
            let encoder = UploadImageEncoder()
            let analysis = AnalysisCenter(environment: environment) { path in try encoder.encode(fileAt: URL(fileURLWithPath: path)).jpeg }
            environment.analysis = analysis
            analysis.start()
            return (PlutaryGUI.run(environment: environment, arguments: [CommandLine.arguments[0]]), analysis.queue)
        }
        // Uploads in flight go back to pending, to resume next start.
        AsyncRunner.run { await analysis.stop() }
        if status != 0 { throw ExitCode(status) }
    }
}
