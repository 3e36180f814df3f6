import ArgumentParser
import Foundation
import PlutaryApp

/// `plutary analytics-bench`: times reports, product trends and chart layout on a store (for `make bench`).
struct AnalyticsBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics-bench",
        abstract: "Time the analytics queries and chart layout on a store (prints a markdown table).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many times to run each step.")
    var runs: Int = 5

    func run() throws {
        let (database, runs) = (try global.openDatabase(), max(1, runs))
        print(try AsyncRunner.runThrowing { try await AnalyticsBenchmark.run(database: database, runs: runs) }, terminator: "")
    }
}
