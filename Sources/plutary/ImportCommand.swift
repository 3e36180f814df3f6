import ArgumentParser
import Foundation
import PlutaryCore

/// `plutary import`: reads a JSON export back into the store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JSON export (from `plutary export --json`).",
        discussion: """
            Receipts, their line items, categories and products are read in one transaction: a receipt whose id \
            is already stored is updated, not duplicated, and a file that is invalid anywhere, or from a newer \
            Plutary, changes nothing. Exit status: 0 imported, 1 nothing imported (the message says why).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The JSON file to import.")
    var file: String

    func run() throws {
        let database = try global.openDatabase()
        // This process has the store to itself (a window opening meanwhile waits for the import).
        let importer = ReceiptImporter(database: database, ownsStore: true)
        let progress = ProgressLine(label: "imported")
        let result: ImportResult
        do {
            result = try importer.importFile(at: URL(fileURLWithPath: file), progress: progress.report)
        } catch {
            progress.end()
            throw CommandFailure(error)
        }
        progress.end()
        var line = String(format: "Imported %d new and %d updated receipts", result.inserted, result.updated)
        line += String(format: " (%d categories and %d products added)", result.categoriesAdded, result.productsAdded)
        if result.missingImages > 0 {
            line += String(format: "; %d receipts name images this store does not hold, their image links were dropped", result.missingImages)
        }
        Diagnostics.say(line + ".")
    }
}
