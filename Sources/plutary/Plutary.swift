import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore
import PlutaryOCR
import PlutaryPresentation

/// `plutary`: the desktop app, or a headless subcommand.
@main
struct Plutary: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "plutary",
        abstract: "Scan receipts and review your expenses, on your own machine.",
        discussion: "Without a subcommand, opens the Plutary window and imports the images given.",
        version: version,
        subcommands: [ScanCommand.self, ParseCommand.self, GenerateCommand.self])

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Receipt images to import in the window.", completion: .file())
    var files: [String] = []

    func run() throws {
        let database = try global.openDatabase()
        let status = MainActor.assumeIsolated {
            // The keyring-backed token store arrives with remote analysis; until then tokens stay in memory.
            PlutaryGUI.run(arguments: [CommandLine.arguments[0]] + files.map(absolutePath)) {
                let preferences = Preferences()
                return AppEnvironment(database: database, preferences: preferences, tokens: MemoryTokenStore(),
                                      scanner: LocalReceiptScanner(languages: preferences.strings(.ocrLanguages)),
                                      version: Plutary.version)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    private func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    }
}
