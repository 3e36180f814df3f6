import ArgumentParser
import Foundation
import PlutaryCore

/// `plutary generate`: writes a large realistic store for benchmarks.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Fill a data folder with generated receipts (for benchmarks).")

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many receipts to write.")
    var receipts: Int = 1000

    @Option(help: "Seed for the generator (the same seed writes the same data).")
    var seed: UInt64 = 42

    func validate() throws {
        guard receipts > 0 else { throw ValidationError("--receipts must be positive.") }
        guard global.fixture == nil else { throw ValidationError("generate writes to a data folder; drop --fixture.") }
    }

    func run() throws {
        let database = try global.openDatabase()
        let start = Date()
        try StoreGenerator(receipts: receipts, seed: seed).run(into: database) { written in
            FileHandle.standardError.write(Data("\rwritten \(written)/\(receipts) receipts".utf8))
        }
        let seconds = Date().timeIntervalSince(start)
        let items = try ReceiptRepository(database: database).lineItemCount()
        FileHandle.standardError.write(Data("\n".utf8))
        print(String(format: "Wrote %d receipts (%d line items) to %@ in %.1f s",
                     receipts, items, database.location?.directory.path ?? "memory", seconds))
    }
}
