import Foundation
import PlutaryCore
import PlutaryPresentation
import Testing

/// The analysis queue and the image library never block a thread of Swift's cooperative pool
/// on the store: at start-up the app once deadlocked with both threads of a 2-core machine
/// waiting in the queue's and the upload preview's synchronous reads, while every reader was
/// held by an async read waiting for one of those threads to resume on.
/// Each test takes the pool's threads for itself: they run one at a time, and need the rest
/// of the run not to run beside them (`make test` runs `swift test --no-parallel`).
@Suite(.serialized) struct CooperativePoolTests {
    @Test func theQueueReadsTheStoreOffTheCooperativePool() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let queue = AnalysisQueue(
            jobs: AnalysisJobRepository(database: squeeze.database), policy: RetryPolicy(maxAttempts: 1), concurrency: 1,
            makeProvider: { () throws(AnalysisError) in throw .notConfigured(reason: "not in this test") },
            readImage: { _ in Data() })
        // Starting reads the next due job to set its timer.
        #expect(await squeeze.readsReturn { await queue.start() })
        await queue.stop()
    }

    @Test func anUploadReadsItsImagePathWithoutBlocking() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let readImage = AnalysisQueue.imageReader(from: ImageLibrary(database: squeeze.database)) { _ in Data() }
        #expect(await squeeze.readsReturn { _ = try? await readImage(String(repeating: "ab", count: 32)) })
    }

    @Test func aTurnedImageIsStoredWithoutBlocking() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try TestImage.write(in: directory)
        let library = ImageLibrary(database: squeeze.database)
        #expect(await squeeze.readsReturn { _ = try? await library.add(fileAt: image) })
        #expect(try await library.path(forHash: SHA256.hex(of: Data(contentsOf: image))) != nil)
    }

    /// Storing an image reads, hashes and copies it into the data folder, where a write can wait (a busy
    /// or network disk): all of it must wait on a thread of its own. The source's read can't be made to
    /// wait here (Foundation opens it non-blocking and refuses a pipe), so the copy's temporary file is
    /// a pipe, which lets its writer in after 6.5 s, longer than the squeeze waits for its reads.
    @Test func anImageWhoseCopyWaitsLeavesThePoolFree() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let directory = TestImage.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try TestImage.write(in: directory)
        let hash = SHA256.hex(of: try Data(contentsOf: image))
        let folder = try #require(squeeze.database.location).imagesDirectory.appendingPathComponent(String(hash.prefix(2)))
        try PrivateFile.createFolder(folder)
        let copy = try StalledFile(at: folder.appendingPathComponent(".\(hash).partial"))
        copy.admitWriters(after: 6.5)
        let library = ImageLibrary(database: squeeze.database)
        #expect(await squeeze.readsReturn { _ = try? await library.add(fileAt: image) })
        #expect(try await library.path(forHash: hash) != nil)
    }

    /// Importing a JSON export takes seconds for a large one (20 s for 100 000 receipts), and opening
    /// a file on a slow mount can take as long: the import must wait on a thread of its own. The file
    /// here is let in after 6.5 s, longer than the squeeze waits for its reads.
    @Test func importingABackupLeavesThePoolFree() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let viewModel = await DataSettingsViewModel(environment: .inMemory(database: squeeze.database, version: "test"))
        let file = try StalledFile(named: "backup.json")
        file.release(after: 6.5)
        #expect(await squeeze.readsReturn { await viewModel.importBackup(from: file.url) })
        #expect(await viewModel.reportHasFailure, "an empty file is no export")
    }

    /// An ECB rates file is one the person picked, maybe on a slow mount (a phone, a share): its read
    /// must wait on a thread of its own. The file here is let in after 6.5 s, with one day's rates.
    @Test func importingECBRatesLeavesThePoolFree() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let viewModel = await CurrencySettingsViewModel(environment: .inMemory(database: squeeze.database, version: "test"))
        let file = try StalledFile(named: "eurofxref-daily.xml")
        file.release(after: 6.5, bytes: Data("""
            <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
            <Cube><Cube time="2026-03-13"><Cube currency="USD" rate="1.0892"/><Cube currency="CAD" rate="1.4744"/></Cube></Cube>
            </gesmes:Envelope>
            """.utf8))
        #expect(await squeeze.readsReturn { await viewModel.importECB(from: file.url) })
        #expect(await viewModel.errorMessage == nil)
        #expect(await viewModel.rateCount == 2)
    }

    /// Removing everything deletes the image files: a large store's (60 000 here, empty, in 256 folders
    /// as the library keeps them) take seconds to count and delete, more on a slow disk, so that must
    /// wait on a thread of its own. (The reset counts them first; Settings → Data's preview does too,
    /// but after its database reads, which the squeeze holds.)
    @Test func removingALargeStoresImagesLeavesThePoolFree() async throws {
        let squeeze = try CooperativePoolSqueeze()
        let images = try #require(squeeze.database.location).imagesDirectory
        for folder in 0..<256 { try PrivateFile.createFolder(images.appendingPathComponent(String(format: "%02x", folder))) }
        for index in 0..<60_000 {
            close(open(images.appendingPathComponent(String(format: "%02x/%064x.jpg", index % 256, index)).path, O_WRONLY | O_CREAT, 0o600))
        }
        let viewModel = await DataSettingsViewModel(environment: .inMemory(database: squeeze.database, version: "test"))
        await viewModel.setSelected(.everything, true)
        #expect(await squeeze.readsReturn { await viewModel.performReset() })
        #expect(await !viewModel.reportHasFailure)
        #expect(!FileManager.default.fileExists(atPath: images.path))
    }
}
