import ArgumentParser
import Foundation
import PlutaryCore

/// `plutary restore`: replaces the store with a backup made by `plutary backup`.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the stored data with a backup made by `plutary backup`.",
        discussion: """
            Everything in the data folder's database is replaced by the backup, and the backup's images are \
            copied back. The backup is checked first: a damaged backup, or one from a newer Plutary, changes \
            nothing. When the store already holds receipts, add --yes to confirm they will be replaced.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Replace a store that already holds receipts.")
    var yes = false

    @Argument(help: "Folder holding the backup (plutary.sqlite, images/).")
    var directory: String

    func run() throws {
        let database = try global.openDatabase()
        let receipts = ReceiptRepository(database: database)
        let current = try AsyncRunner.runThrowing { try await receipts.count() }
        if current > 0 && !yes {
            throw CommandFailure(message: String(
                format: "The store at %@ holds %d receipts; restoring replaces them all. Add --yes to go ahead.",
                database.location?.directory.path ?? "memory", current))
        }
        let result: BackupResult
        do {
            result = try BackupService(database: database).restore(from: URL(fileURLWithPath: directory))
        } catch {
            throw CommandFailure(error)
        }
        Diagnostics.say(String(format: "Restored %d receipts and %d image files from %@.",
                               result.receiptCount, result.imagesCopied, result.directory.path))
    }
}
