import Foundation
import GRDB
import PlutaryCore
import Testing

/// The real binary killed (SIGKILL) in the middle of an upload, then started
/// again: the job resumes and completes once, with no duplicate receipt.
@Suite struct CrashRecoveryTests {
    typealias Answer = ScriptedServer.Answer

    @Test func aKilledUploadResumesAndCompletesOnce() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: PlutaryBinary.url.path), "build plutary first (swift build)")
        let reading: [String: Any] = ["remoteId": "r-1", "merchant": "Walmart", "date": "2026-01-05", "total": "23.40", "currency": "CAD"]
        // The first upload hangs long enough to be killed; the resumed one answers at once.
        let server = try ScriptedServer(["/analyze": [Answer(body: reading, delay: 30, token: "crash-token"),
                                                      Answer(body: reading, token: "crash-token")]])
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try TestImage.write(in: directory)
        let dataDir = directory.appendingPathComponent("data").path
        let arguments = ["analyze", "--queue", "--json", "--data-dir", dataDir, "--provider", "rest", "--base-url", server.baseURL,
                         "--timeout", "60", image.path]
        let environment = ["PLUTARY_API_TOKEN": "crash-token"]

        let (first, _, _) = try PlutaryBinary.start(arguments, environment: environment, directory: directory)
        let deadline = Date().addingTimeInterval(30)
        while server.requests.isEmpty && Date() < deadline && first.isRunning { try await Task.sleep(nanoseconds: 50_000_000) }
        try #require(server.requests.count == 1, "the first run never started its upload")
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)

        // What the crash left: the receipt, and its job caught mid-upload.
        let location = StoreLocation(directory: URL(fileURLWithPath: dataDir))
        do {
            let database = try AppDatabase.open(at: location)
            let jobs = try await AnalysisJobRepository(database: database).jobs()
            #expect(jobs.map(\.state) == [.uploading])
            #expect(try await ReceiptRepository(database: database).count() == 1)
        }

        let second = try PlutaryBinary.run(arguments, environment: environment, directory: directory)
        #expect(second.status == 0, "\(second.stderr)")
        let line = try #require(second.stdout.split(separator: "\n").first)
        let printed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(printed?["merchant_name"] as? String == "Walmart")
        #expect(printed?["total_amount"] as? String == "23.40")
        #expect(printed?["source"] as? String == image.path)

        let database = try AppDatabase.open(at: location)
        let jobs = try await AnalysisJobRepository(database: database).jobs()
        #expect(jobs.count == 1)
        #expect(jobs.first?.state == .done)
        #expect(jobs.first?.remoteId == "r-1")
        #expect(try await ReceiptRepository(database: database).count() == 1)
        // Both uploads carried the job id, so the service can tell a resumed upload from a new one.
        let localIds = server.requests.compactMap { ($0.body?["metadata"] as? [String: Any])?["localId"] as? String }
        #expect(localIds.count == 2 && Set(localIds) == [jobs[0].id])

        // A third run has nothing left to do: no new job, no new upload, no new receipt.
        let third = try PlutaryBinary.run(arguments, environment: environment, directory: directory)
        #expect(third.status == 0)
        #expect(server.requests.count == 2)
        #expect(try await AnalysisJobRepository(database: database).jobs().count == 1)
        #expect(try await ReceiptRepository(database: database).count() == 1)
    }
}

/// An upload that crashes the app every time is not claimed forever: each
/// claim counted its attempt, and recovery fails the job once they are spent.
@Suite struct CrashLoopTests {
    @Test func aJobThatKeepsCrashingTheAppFailsAfterMaxAttempts() async throws {
        let harness = try await QueueHarness()
        let now = harness.clock.now()
        let id = try await harness.jobs.enqueue(receiptIds: [harness.receiptId], provider: "rest", now: now).jobIds[0]
        for attempt in 1...3 {
            // Claimed, then the process dies mid-upload; the next start recovers.
            #expect(try harness.jobs.claimDue(now: now, limit: 1).map(\.attempts) == [attempt])
            try harness.jobs.recoverInterrupted(now: now, maxAttempts: 3)
            let job = try #require(try await harness.jobs.job(id: id))
            #expect(job.state == (attempt < 3 ? .pending : .failed))
        }
        #expect(try await harness.jobs.job(id: id)?.lastError == "gave up after 3 attempts: the app stopped during each upload")
        #expect(try harness.jobs.claimDue(now: now, limit: 1).isEmpty)
    }
}
