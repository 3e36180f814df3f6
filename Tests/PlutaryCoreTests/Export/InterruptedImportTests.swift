import Foundation
import GRDB
import Testing
@testable import PlutaryCore

/// `plutary import` killed half way (SIGKILL, no chance to clean up) leaves the
/// store exactly as it was: the import is one SQLite transaction.
struct InterruptedImportTests {
    /// The `plutary` binary built beside the test bundle (`swift build` first; `make test` does).
    private func plutary() throws -> URL {
        let folder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [folder, Bundle.main.bundleURL].map { $0.appendingPathComponent("plutary") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                            "build the plutary binary first (swift build)")
    }

    @Test func killingAnImportMidwayLeavesTheStoreAsItWas() async throws {
        let binary = try plutary()
        let folder = try temporaryFolder()
        // A file big enough that the import takes a few seconds.
        let source = try AppDatabase.inMemory()
        try StoreGenerator(receipts: 3000, seed: 7).run(into: source)
        let file = folder.appendingPathComponent("big.json")
        _ = try await ReceiptExporter(database: source).export(.json, scope: .everything, to: file)

        let location = StoreLocation(directory: folder.appendingPathComponent("data"))
        let before: String
        do {
            let store = try AppDatabase.open(at: location)
            try SampleFixture.seed(store)
            before = try dump(store)
        }

        let process = Process()
        process.executableURL = binary
        process.arguments = ["--data-dir", location.directory.path, "import", file.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until it reports receipts written inside its transaction, then kill it.
        var seen = ""
        while !seen.contains("imported "), process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        let progress = seen.components(separatedBy: "\n").first { $0.hasPrefix("imported ") } ?? ""
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the import finished before it could be killed: \(seen)")
        let done = Int(progress.dropFirst("imported ".count).split(separator: "/").first ?? "") ?? 0
        #expect(done > 0 && done < 3000, "progress: \(progress)")

        let reopened = try AppDatabase.open(at: location)
        #expect(try dump(reopened) == before)
        #expect(try await ReceiptRepository(database: reopened).count() == SampleFixture.receiptCount)
    }
}
