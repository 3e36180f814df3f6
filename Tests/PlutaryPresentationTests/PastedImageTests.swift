import Foundation
import PlutaryCore
import Synchronization
import Testing
@testable import PlutaryPresentation

/// A scanner that notes each file it reads with its mode and its folder's mode then, and reads nothing from it.
private final class WitnessScanner: ScannerDouble {
    let seen = Mutex<[(file: URL, mode: Int?, folderMode: Int?)]>([])
    let parallelism = 1

    func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt {
        let modes = (PrivateFile.mode(of: url.path), PrivateFile.mode(of: url.deletingLastPathComponent().path))
        seen.withLock { $0.append((url, modes.0, modes.1)) }
        return ScannedReceipt(payload: ReceiptPayload(merchantName: "Pasted", currency: "CAD", totalAmount: "1.00"), words: [])
    }
}

@MainActor
struct PastedImageTests {
    /// The import has the pasted image in the store, and the file it read is gone: /tmp is everyone's.
    @Test func aPastedImageIsTheOwnersAloneAndGoesOnceImported() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-paste-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let location = StoreLocation(directory: data)
        let scanner = WitnessScanner()
        let environment = AppEnvironment.inMemory(database: try AppDatabase.open(at: location), version: "test", scanner: scanner)
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: environment, navigator: navigator)
        app.start()
        let main = try #require(app.main)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("pasted".utf8)
        navigator.mainViewModel?.importImage(png)
        for _ in 0..<500 where main.importer.doneCount < 1 || main.importer.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        let seen = try #require(scanner.seen.withLock { $0.first })
        #expect(seen.mode == 0o600 && seen.folderMode == 0o700)
        #expect(main.importer.files.map(\.state) == [.parsed])
        let folder = seen.file.deletingLastPathComponent()
        for _ in 0..<500 where FileManager.default.fileExists(atPath: folder.path) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!FileManager.default.fileExists(atPath: seen.file.path) && !FileManager.default.fileExists(atPath: folder.path))
        let stored = try FileManager.default.subpathsOfDirectory(atPath: location.imagesDirectory.path).filter { $0.hasSuffix(".png") }
        #expect(stored.count == 1)
    }
}
