import ArgumentParser
import Foundation
import PlutaryCore

/// `plutary backup`: a full, consistent copy of the data folder.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the database and the receipt images into a folder.",
        discussion: """
            The database is copied with SQLite's online backup, so the copy is consistent even while Plutary \
            is open and saving. DIR then holds plutary.sqlite, images/ and backup.json. Bring it back with \
            `plutary restore DIR`.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Folder to write the backup into (created when missing).")
    var directory: String

    func run() throws {
        let database = try global.openDatabase()
        let result: BackupResult
        do {
            result = try BackupService(database: database).backup(to: URL(fileURLWithPath: directory))
        } catch {
            throw CommandFailure(error)
        }
        Diagnostics.say(String(format: "Backed up %d receipts (%lld bytes of database) and %d new image files to %@.",
                               result.receiptCount, result.databaseBytes, result.imagesCopied, result.directory.path))
    }
}
