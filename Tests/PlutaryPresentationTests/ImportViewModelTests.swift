import Foundation
import PlutaryCore
import Synchronization
import Testing
@testable import PlutaryPresentation

/// A scanner that reads the merchant from the file's bytes after the PNG
/// signature, fails on "FAIL", and can be slowed to test cancelling. Like the live
/// scanner, it blocks on a worker thread of its own.
private struct TextScanner: ScannerDouble {
    /// When set, each scan waits until the test opens it.
    var gate: DispatchSemaphore?
    var parallelism: Int = 2
    /// Told of each file as its scan starts, on the thread that scans it.
    var witness: (@Sendable (URL) -> Void)?

    func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt {
        try await WorkerThread.run { [self] in
            witness?(url)
            gate?.wait()
            let text = String(decoding: try Data(contentsOf: url).dropFirst(8), as: UTF8.self)
            struct Unreadable: LocalizedError { var errorDescription: String? { "no text found" } }
            if text == "FAIL" { throw Unreadable() }
            let words = [ReceiptWord(text: text, x: 10, y: 10, width: 80, height: 20)]
            return ScannedReceipt(payload: ReceiptPayload(merchantName: text, currency: "CAD", totalAmount: "1.00"), words: words)
        }
    }
}

@MainActor
final class ImportViewModelTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func image(_ name: String, text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(text.utf8)).write(to: url)
        return url
    }

    private func run(_ viewModel: ImportViewModel, _ urls: [URL]) async -> [ReviewItem] {
        await withCheckedContinuation { continuation in
            viewModel.onFinished = { continuation.resume(returning: $0) }
            viewModel.start(urls)
        }
    }

    @Test func scansImagesInInputOrderCopiesThemInAndRefusesTheRest() async throws {
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        let viewModel = ImportViewModel(scanner: TextScanner(), images: ImageLibrary(database: database))
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("shopping list".utf8).write(to: notes)
        let fake = folder.appendingPathComponent("fake.jpg")
        try Data("not really a jpeg".utf8).write(to: fake)
        let urls = try [image("a.png", text: "Alpha"), notes, image("b.png", text: "FAIL"), fake, image("c.png", text: "Gamma")]

        let items = await run(viewModel, urls)

        #expect(items.map(\.payload.merchantName) == ["Alpha", "Gamma"])
        #expect(viewModel.refusedMessage == "Not images or PDFs, not imported: notes.txt, fake.jpg")
        #expect(viewModel.files.map(\.name) == ["a.png", "b.png", "c.png"])
        #expect(viewModel.files.map(\.state) == [.parsed, .failed("no text found"), .parsed])
        #expect(viewModel.files[1].state.text == "Failed: no text found")
        #expect(viewModel.progress == 1 && viewModel.progressText == "3 of 3 scanned" && viewModel.failedCount == 1)
        #expect(!viewModel.isRunning)
        // Copied into the data folder under its content hash, and remembered by it.
        let first = try #require(items.first)
        let hash = try #require(first.payload.imageSha256)
        let copy = try #require(first.imagePath)
        #expect(copy.hasPrefix(folder.appendingPathComponent("data").path) && copy.contains(hash))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: urls[0]))
        #expect(first.payload.source == urls[0].path && first.payload.id == nil)
        // The words OCR read come along for the review's point-and-click correction.
        #expect(first.words.map(\.text) == ["Alpha"])

        // The same image again is recognised by its content.
        let again = await run(viewModel, [try image("a-copy.png", text: "Alpha")])
        #expect(again.first?.payload.imageSha256 == hash)
        #expect(again.first?.imagePath == copy)
    }

    /// A PDF is taken like an image and kept as itself, the PDF, under its content hash.
    @Test func acceptsPDFsAndStoresThePDF() async throws {
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        let viewModel = ImportViewModel(scanner: TextScanner(), images: ImageLibrary(database: database))
        let pdf = folder.appendingPathComponent("e-receipt.pdf")
        try Data("%PDF-1.4Bakery".utf8).write(to: pdf)

        let items = await run(viewModel, [pdf])

        #expect(viewModel.refusedMessage == nil)
        #expect(items.map(\.payload.merchantName) == ["Bakery"])
        let copy = try #require(items.first?.imagePath)
        let hash = try #require(items.first?.payload.imageSha256)
        #expect(copy.hasSuffix(".pdf") && copy.contains(hash))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == Data(contentsOf: pdf))
    }

    @Test func cancellingStopsBeforeTheNextFileAndStillHandsOverWhatWasRead() async throws {
        let database = try AppDatabase.inMemory()
        let gate = DispatchSemaphore(value: 0)
        let started = Mutex(0)
        let viewModel = ImportViewModel(scanner: TextScanner(gate: gate, parallelism: 1, witness: { _ in started.withLock { $0 += 1 } }),
                                        images: ImageLibrary(database: database))
        let urls = try (0..<5).map { try image("r\($0).png", text: "Shop \($0)") }
        let items = await withCheckedContinuation { continuation in
            viewModel.onFinished = { continuation.resume(returning: $0) }
            viewModel.start(urls)
            Task {
                // Cancel while the first file is being read, then let that read finish.
                while started.withLock({ $0 }) == 0 { try? await Task.sleep(for: .milliseconds(5)) }
                #expect(viewModel.files[0].state == .reading)
                viewModel.cancel()
                #expect(viewModel.isRunning, "the file being read still counts")
                gate.signal()
            }
        }
        #expect(items.map(\.payload.merchantName) == ["Shop 0"])
        #expect(viewModel.files.map(\.state) == [.parsed, .cancelled, .cancelled, .cancelled, .cancelled])
        #expect(!viewModel.isRunning)
    }

    /// The image is copied in and recorded in the database before it is read, and neither
    /// happens on the main thread.
    @Test func theImageIsStoredOffTheMainThreadBeforeItIsRead() async throws {
        let database = try AppDatabase.open(at: StoreLocation(directory: folder.appendingPathComponent("data")))
        let seen = Mutex<[(onMainThread: Bool, storedImages: Int)]>([])
        let scanner = TextScanner(parallelism: 1, witness: { _ in
            let stored = (try? database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM image_files") }) ?? nil
            seen.withLock { $0.append((Thread.isMainThread, stored ?? -1)) }
        })
        let viewModel = ImportViewModel(scanner: scanner, images: ImageLibrary(database: database))
        let items = await run(viewModel, [try image("a.png", text: "Alpha"), try image("b.png", text: "Beta")])
        #expect(items.map(\.payload.merchantName) == ["Alpha", "Beta"])
        #expect(seen.withLock { $0.map(\.onMainThread) } == [false, false])
        #expect(seen.withLock { $0.map(\.storedImages) } == [1, 2])
    }

    /// Waits (up to five seconds) for the import to get there.
    private func until(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// A scanner held at its gate that tells, in order, the files it started to read.
    private func heldScanner(parallelism: Int) -> (TextScanner, DispatchSemaphore, @Sendable () -> [String]) {
        let gate = DispatchSemaphore(value: 0)
        let started = Mutex<[String]>([])
        let scanner = TextScanner(gate: gate, parallelism: parallelism, witness: { url in
            started.withLock { $0.append(url.lastPathComponent) }
        })
        return (scanner, gate, { started.withLock { $0 } })
    }

    @Test func cancellingReachesTheWorkersWhichStopAfterTheFilesTheyRead() async throws {
        let (scanner, gate, started) = heldScanner(parallelism: 2)
        let viewModel = ImportViewModel(scanner: scanner, images: ImageLibrary(database: try AppDatabase.inMemory()))
        var finished: [ReviewItem]?
        viewModel.onFinished = { finished = $0 }
        viewModel.start(try (0..<6).map { try image("r\($0).png", text: "Shop \($0)") })
        // Both cores read, no more.
        await until { started().count == 2 }
        #expect(viewModel.files.map(\.state) == [.reading, .reading, .queued, .queued, .queued, .queued])

        viewModel.cancel()
        #expect(viewModel.files.map(\.state) == [.reading, .reading, .cancelled, .cancelled, .cancelled, .cancelled])
        #expect(viewModel.isRunning && finished == nil, "the files being read still count")
        gate.signal()
        gate.signal()
        await until { finished != nil }
        #expect(finished?.map(\.payload.merchantName) == ["Shop 0", "Shop 1"])
        #expect(viewModel.files.map(\.state) == [.parsed, .parsed, .cancelled, .cancelled, .cancelled, .cancelled])
        #expect(!viewModel.isRunning && viewModel.progressText == "6 of 6 scanned")
        #expect(Set(started()) == ["r0.png", "r1.png"])
    }

    /// Files dropped while a cancelled import finishes its reading wait for its worker to
    /// end, so no more files are read at once than the scanner's parallelism.
    @Test func filesJoiningACancelledImportAreReadOnceItsWorkerEnds() async throws {
        let (scanner, gate, started) = heldScanner(parallelism: 1)
        let viewModel = ImportViewModel(scanner: scanner, images: ImageLibrary(database: try AppDatabase.inMemory()))
        var finished: [ReviewItem]?
        viewModel.onFinished = { finished = $0 }
        viewModel.start([try image("r0.png", text: "Shop 0"), try image("r1.png", text: "Shop 1")])
        await until { started().count == 1 }
        viewModel.cancel()
        viewModel.start([try image("r2.png", text: "Shop 2")])
        try await Task.sleep(for: .milliseconds(100))
        #expect(started() == ["r0.png"] && viewModel.files.map(\.state) == [.reading, .cancelled, .queued])

        gate.signal()
        await until { started().count == 2 }
        #expect(started() == ["r0.png", "r2.png"])
        gate.signal()
        await until { finished != nil }
        #expect(finished?.map(\.payload.merchantName) == ["Shop 0", "Shop 2"])
        #expect(viewModel.files.map(\.state) == [.parsed, .cancelled, .parsed] && !viewModel.isRunning)
    }

    @Test func anImportWhoseViewModelGoesAwayStopsAfterTheFileBeingRead() async throws {
        let (scanner, gate, started) = heldScanner(parallelism: 1)
        let urls = try (0..<3).map { try image("r\($0).png", text: "Shop \($0)") }
        weak var gone: ImportViewModel?
        do {
            let viewModel = ImportViewModel(scanner: scanner, images: ImageLibrary(database: try AppDatabase.inMemory()))
            viewModel.start(urls)
            gone = viewModel
            await until { started().count == 1 }
        }
        #expect(gone == nil, "a running import does not keep its view model")
        gate.signal()
        try await Task.sleep(for: .milliseconds(100))
        #expect(started() == ["r0.png"])
    }

    @Test func onlyNonImagesMeansNothingStarts() throws {
        let viewModel = ImportViewModel(scanner: TextScanner(), images: ImageLibrary(database: try AppDatabase.inMemory()))
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: notes)
        viewModel.start([notes])
        #expect(viewModel.refusedMessage == "Not an image or PDF, not imported: notes.txt")
        #expect(viewModel.files.isEmpty && !viewModel.isRunning)
    }
}
