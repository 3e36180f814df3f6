import Foundation
import GRDB
import PlutaryCore
import Testing

/// The command line against a busy store and a plain-http service.
@Suite struct CommandLineHardeningTests {
    /// Another writer holds the database for 7 s (the old limit was 5): the import waits its turn.
    @Test func aSecondWriterWaitsForTheFirst() async throws {
        let directory = TestImage.temporaryDirectory()
        let data = directory.appendingPathComponent("data")
        _ = try AppDatabase.open(at: StoreLocation(directory: data))
        let file = directory.appendingPathComponent("one.json")
        try Data(#"{"format":"plutary-receipts","format_version":1,"receipts":[{"id":"w1","currency":"CAD","line_items":[]}]}"#.utf8)
            .write(to: file)
        let holder = try DatabaseQueue(path: data.appendingPathComponent("plutary.sqlite").path)
        let locked = AsyncStream<Void>.makeStream()
        let hold = Task.detached {
            try holder.inTransaction(.immediate) { _ in
                locked.continuation.yield()
                Thread.sleep(forTimeInterval: 7)
                return .commit
            }
        }
        for await _ in locked.stream { break }
        let run = try PlutaryBinary.run(["import", "--data-dir", data.path, file.path], directory: directory)
        try await hold.value
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Imported 1 new"))
    }

    @Test func plainHTTPToAnotherMachineIsWarnedAbout() throws {
        let directory = TestImage.temporaryDirectory()
        let image = try TestImage.write(in: directory)
        let run = try PlutaryBinary.run(["analyze", "--data-dir", directory.appendingPathComponent("data").path, "--provider", "rest",
                                         "--base-url", "http://receipts.invalid", "--timeout", "2", image.path],
                                        environment: ["PLUTARY_API_TOKEN": "t"], directory: directory)
        #expect(run.stderr.contains("Warning: http://receipts.invalid is plain http to another machine"), "\(run.stderr)")
    }
}
