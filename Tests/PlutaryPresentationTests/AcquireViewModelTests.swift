import Foundation
import PlutaryCore
import Synchronization
import Testing
@testable import PlutaryPresentation

/// A document scanner that writes `sheets` small files, or fails, or holds the first
/// sheet until cancelled. It tells `given` the folder it was given, and that folder's mode.
private struct FakeDocumentScanner: DocumentScanning {
    var found = [ScannerDevice(name: "fake:0", vendor: "Acme", model: "Feeder")]
    var listingError: ScannerError?
    var scanError: ScannerError?
    var sheets = 2
    var holdsUntilCancelled = false
    let given = GivenFolder()

    func devices() async throws -> [ScannerDevice] {
        if let listingError { throw listingError }
        return found
    }

    func scan(_ request: ScanRequest, into folder: URL, events: @escaping @Sendable (ScanEvent) async -> Void) async throws {
        #expect(request == ScanRequest(device: found.first?.name, resolution: 300, source: nil))
        given.value.withLock { $0 = (folder, PrivateFile.mode(of: folder.path)) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for sheet in 1...sheets {
            await events(.reading(sheet: sheet, fraction: 0.5))
            if holdsUntilCancelled {
                // As SANE stops within one read once the task awaiting it is cancelled.
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
                return
            }
            if let scanError { throw scanError }
            let file = folder.appendingPathComponent("sheet-\(sheet).png")
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, UInt8(sheet)]).write(to: file)
            await events(.scanned(sheet: sheet, file: file))
        }
    }
}

/// A receipt scanner whose reads wait until the test opens its gate, so that sheets that arrive
/// one after another join one import (a finished import starts its list afresh).
private final class HeldScanner: ScannerDouble {
    let parallelism = 1
    let gate = DispatchSemaphore(value: 0)

    func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt {
        try await WorkerThread.run { [gate] in gate.wait() }
        return ScannedReceipt(payload: ReceiptPayload(merchantName: url.lastPathComponent, currency: "CAD", totalAmount: "1.00"), words: [])
    }
}

/// The folder a scan was given, and its mode then.
private final class GivenFolder: Sendable {
    let value = Mutex<(folder: URL, mode: Int?)?>(nil)
}

@MainActor
struct AcquireViewModelTests {
    /// Waits (up to five seconds) for the scanner's results to reach the main actor.
    private func until(_ condition: () -> Bool) async {
        for _ in 0..<500 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    private func loaded(_ scanner: (any DocumentScanning)?) async -> AcquireViewModel {
        let viewModel = AcquireViewModel(scanner: scanner)
        viewModel.load()
        await until { viewModel.phase != .lookingForScanners }
        return viewModel
    }

    @Test func withoutScannerSupportItSaysSoAndCannotScan() async {
        let viewModel = await loaded(nil)
        #expect(viewModel.phase == .unavailable("Scanning is not available: Plutary was built without scanner support."))
        #expect(!viewModel.canScan && viewModel.statusText == "Scanning is not available: Plutary was built without scanner support.")
    }

    @Test func withoutSANEOrAScannerItSaysWhich() async {
        let missing = await loaded(FakeDocumentScanner(listingError: .unavailable("SANE is not installed (no libsane.so.1).")))
        #expect(missing.statusText == "Scanning is not available: SANE is not installed (no libsane.so.1).")
        let none = await loaded(FakeDocumentScanner(found: []))
        #expect(none.phase == .unavailable("No scanner was found.") && !none.canScan)
    }

    @Test func eachSheetGoesOutAsScannedThenTheDialogIsDone() async {
        let viewModel = await loaded(FakeDocumentScanner())
        #expect(viewModel.phase == .ready && viewModel.canScan && viewModel.devices.map(\.title) == ["Acme Feeder (fake:0)"])
        var sheets: [String] = []
        viewModel.onSheet = { file, done in
            sheets.append(file.lastPathComponent)
            done(file)
        }
        await withCheckedContinuation { continuation in
            viewModel.onFinished = { continuation.resume() }
            viewModel.scan()
            #expect(viewModel.isScanning && !viewModel.canScan)
        }
        #expect(sheets == ["sheet-1.png", "sheet-2.png"])
        #expect(viewModel.phase == .ready && viewModel.statusText == "2 sheets scanned")
    }

    @Test func progressShowsTheSheetAndCancelStopsIt() async {
        let viewModel = await loaded(FakeDocumentScanner(holdsUntilCancelled: true))
        var finished = false
        viewModel.onFinished = { finished = true }
        viewModel.scan()
        await until { viewModel.progress == 0.5 }
        #expect(viewModel.phase == .scanning(sheet: 1, fraction: 0.5) && viewModel.statusText == "Scanning sheet 1… 50 %")
        viewModel.cancel()
        await until { !viewModel.isScanning }
        // Cancelled: the dialog stays, for another scan or Close.
        #expect(viewModel.phase == .ready && viewModel.scannedCount == 0 && !finished && viewModel.canScan)
    }

    @Test func aFailedScanSaysWhyAndCanBeTriedAgain() async {
        let viewModel = await loaded(FakeDocumentScanner(scanError: .feederEmpty))
        viewModel.scan()
        await until { !viewModel.isScanning }
        #expect(viewModel.phase == .failed("The document feeder is empty.") && viewModel.canScan)
    }

    @Test func theMainFlowImportsEachSheetAndClosesTheDialog() async throws {
        var environment = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "test")
        environment.documentScanner = FakeDocumentScanner(sheets: 1)
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: environment, navigator: navigator)
        app.start()
        let main = try #require(app.main)
        navigator.mainViewModel?.acquire()
        #expect(navigator.events.last == .acquire)
        let acquirer = try #require(main.acquirer)
        await until { acquirer.phase == .ready }
        acquirer.scan()
        await until { main.acquirer == nil }
        #expect(navigator.events.last == .closeAcquire)
        // The sheet joined the import, which reads it like any dropped image.
        #expect(main.importer.files.map(\.url.lastPathComponent) == ["sheet-1.png"])
        await until { !main.importer.isRunning }
        // An in-memory store keeps the sheet itself as its image, so the scan's folder stays for the test to remove.
        for file in main.importer.files { try? FileManager.default.removeItem(at: file.url.deletingLastPathComponent()) }
    }

    /// Waits for the scan's folder to go, and says whether it went.
    private func folderGone(_ scanner: FakeDocumentScanner) async throws -> Bool {
        let folder = try #require(scanner.given.value.withLock { $0?.folder })
        await until { !FileManager.default.fileExists(atPath: folder.path) }
        return !FileManager.default.fileExists(atPath: folder.path)
    }

    @Test func theScanFolderIsTheOwnersAlone() async throws {
        let scanner = FakeDocumentScanner(holdsUntilCancelled: true)
        let viewModel = await loaded(scanner)
        viewModel.scan()
        await until { viewModel.progress == 0.5 }
        let given = try #require(scanner.given.value.withLock { $0 })
        #expect(given.folder.lastPathComponent.hasPrefix("plutary-acquire-") && given.mode == 0o700)
        viewModel.cancel()
        #expect(try await folderGone(scanner))
    }

    /// The sheet is copied into the store before it goes: nothing is lost.
    @Test func theSheetsAndTheirFolderGoOnceImported() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-acquire-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let location = StoreLocation(directory: data)
        let reader = HeldScanner()
        var environment = AppEnvironment.inMemory(database: try AppDatabase.open(at: location), version: "test", scanner: reader)
        let scanner = FakeDocumentScanner(sheets: 2)
        environment.documentScanner = scanner
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: environment, navigator: navigator)
        app.start()
        let main = try #require(app.main)
        navigator.mainViewModel?.acquire()
        let acquirer = try #require(main.acquirer)
        await until { acquirer.phase == .ready }
        acquirer.scan()
        await until { main.acquirer == nil && main.importer.files.count == 2 }
        for _ in 1...2 { reader.gate.signal() }
        await until { !main.importer.isRunning }
        #expect(main.importer.files.map(\.name) == ["sheet-1.png", "sheet-2.png"])
        #expect(try await folderGone(scanner))
        let stored = try FileManager.default.subpathsOfDirectory(atPath: location.imagesDirectory.path).filter { $0.hasSuffix(".png") }
        #expect(stored.count == 2)
    }

    @Test func aCancelledScanLeavesNoFolder() async throws {
        let scanner = FakeDocumentScanner(holdsUntilCancelled: true)
        let viewModel = await loaded(scanner)
        viewModel.scan()
        await until { viewModel.progress == 0.5 }
        viewModel.cancel()
        await until { !viewModel.isScanning }
        #expect(try await folderGone(scanner))
    }

    @Test func aFailedScanLeavesNoFolder() async throws {
        let scanner = FakeDocumentScanner(scanError: .feederEmpty)
        let viewModel = await loaded(scanner)
        viewModel.scan()
        await until { !viewModel.isScanning }
        #expect(viewModel.phase == .failed("The document feeder is empty."))
        #expect(try await folderGone(scanner))
    }

    /// The dialog closed mid-scan goes away with its view model; the scan still cleans up.
    @Test func closingTheDialogMidScanLeavesNoFolder() async throws {
        let scanner = FakeDocumentScanner(holdsUntilCancelled: true)
        var viewModel: AcquireViewModel? = await loaded(scanner)
        weak let closed = viewModel
        viewModel?.scan()
        await until { viewModel?.progress == 0.5 }
        viewModel?.close()
        viewModel = nil
        #expect(try await folderGone(scanner))
        #expect(closed == nil)
    }
}
