import ArgumentParser
import Foundation
import PlutaryCore

/// Options every command takes: where the data is, or which fixture to start on.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Data folder (default: $PLUTARY_DATA_DIR or $XDG_DATA_HOME/plutary).")
    var dataDir: String?

    @Option(help: "Start on an in-memory store seeded with a fixture: sample or empty.")
    var fixture: Fixture?

    enum Fixture: String, ExpressibleByArgument, CaseIterable {
        case sample, empty
    }

    /// Opens the store the options name; errors carry a message for the person.
    func openDatabase() throws -> AppDatabase {
        switch fixture {
        case .sample:
            let database = try AppDatabase.inMemory()
            try SampleFixture.seed(database)
            return database
        case .empty:
            return try AppDatabase.inMemory()
        case nil:
            return try AppDatabase.open(at: StoreLocation.resolve(dataDir: dataDir))
        }
    }
}
