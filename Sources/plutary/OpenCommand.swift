import ArgumentParser
import Foundation
import PlutaryApp
import PlutaryCore
import PlutaryOCR
import PlutaryPresentation
import PlutarySecrets

/// `plutary [IMAGE...]`: the window, importing the images given. The default
/// subcommand, so the root command has no positional arguments of its own
/// (those would swallow every subcommand's options).
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the Plutary window and import the images given (the default).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Receipt images or PDFs to import.", completion: .file())
    var files: [String] = []

    func run() throws {
        MainActor.assumeIsolated { PlutaryGUI.prepareProcess() }
        let database = try global.openDatabase()
        // Asked before the window exists, so the bus probe never stalls a frame. Without a keyring,
        // an unavailable in-memory store: Settings says so and keeps remote analysis off.
        let keyring = KeyringTokenStore()
        let tokens: any TokenStore = keyring.isAvailable ? keyring : MemoryTokenStore(isAvailable: false)
        var uploads: AnalysisCenter?
        let paths = try RawFileArguments.readableURLs(for: files).map { absolutePath($0.path) }
        let status = MainActor.assumeIsolated {
            PlutaryGUI.run(arguments: [CommandLine.arguments[0]] + paths) {
                let preferences = Preferences()
                var environment = AppEnvironment(database: database, preferences: preferences, tokens: tokens,
                                                 scanner: LocalReceiptScanner(
                                                     languages: preferences.strings(.ocrLanguages),
                                                     engine: OCREngine(rawValue: preferences.string(.ocrEngine)) ?? .automatic,
                                                     ppocrFiles: AppResources.locate().ppocrFiles),
                                                 version: Plutary.version)
                let encoder = UploadImageEncoder()
                let analysis = AnalysisCenter(environment: environment) { path in
                    try await encoder.encode(fileAt: URL(fileURLWithPath: path))
                }
                environment.analysis = analysis
                environment.documentScanner = SANEScanner()
                analysis.start()
                uploads = analysis
                return environment
            }
        }
        // Uploads in flight go back to pending, to resume next start.
        if let queue = MainActor.assumeIsolated({ uploads?.queue }) { AsyncRunner.run { await queue.stop() } }
        if status != 0 { throw ExitCode(status) }
    }

    private func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    }
}
