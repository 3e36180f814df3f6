import ArgumentParser

/// `plutary`: the desktop app, or a headless subcommand.
@main
struct Plutary: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "plutary",
        abstract: "Scan receipts and review your expenses, on your own machine.",
        discussion: "Without a subcommand, opens the Plutary window and imports the images given.",
        version: version,
        subcommands: [OpenCommand.self, ScanCommand.self, AcquireCommand.self, ParseCommand.self, AnalyzeCommand.self, TokenCommand.self,
                      ExportCommand.self, ImportCommand.self, BackupCommand.self, RestoreCommand.self,
                      ChartCommand.self, GenerateCommand.self, AnalyticsBenchCommand.self, FuzzCommand.self, FindPaperCommand.self],
        defaultSubcommand: OpenCommand.self)

    /// Accepted before the subcommand too (`plutary --fixture sample export --json`); each subcommand reads its own copy.
    @OptionGroup var global: GlobalOptions
}
