import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore
import PlutaryOCR
import PlutaryPresentation

/// `plutary [IMAGE...]`: the window, importing the images given. The default
/// subcommand, so the root command has no positional arguments of its own
/// (those would swallow every subcommand's options).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the Plutary window and import the images given (the default).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Receipt images to import.", completion: .file())
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
