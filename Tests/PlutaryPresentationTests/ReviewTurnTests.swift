import Foundation
import PlutaryCore
import Synchronization
import Testing
@testable import PlutaryPresentation

/// Turning the image in the review reads the receipt again from a turned copy,
/// which replaces the receipt in place; a failure leaves it as it was.
@MainActor
final class ReviewTurnTests {
    /// The images the tests wrote, and where the scanners wrote turned copies (the in-memory store keeps them as the images).
    private var images: [URL] = []
    private var turned: [TurnedCopies] = []

    deinit {
        for image in images + turned.flatMap({ $0.urls.withLock { $0 } }) { try? FileManager.default.removeItem(at: image) }
    }

    final class TurnedCopies: Sendable {
        let urls = Mutex<[URL]>([])
    }

    /// "Turns" an image by appending the number of quarter turns to its bytes, and reads the
    /// merchant from how often it was turned.
    private struct TurningScanner: ScannerDouble {
        var fails = false
        let written = TurnedCopies()
        var parallelism: Int { 1 }

        /// Blocking file work on a worker thread, as the live scanner does.
        func writeTurnedImage(_ url: URL, quarterTurns: Int, to destination: URL) async throws {
            struct Broken: LocalizedError { var errorDescription: String? { "the image is broken" } }
            let fails = self.fails
            written.urls.withLock { $0.append(destination) }
            try await WorkerThread.run {
                if fails { throw Broken() }
                try (Data(contentsOf: url) + [UInt8(quarterTurns)]).write(to: destination)
            }
        }

        func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt {
            try await WorkerThread.run {
                let turns = try Data(contentsOf: url).dropFirst(4).map(Int.init)
                let within = paper.map { " within \($0.map { Int($0.x) })" } ?? ""
                let payload = ReceiptPayload(merchantName: "Turned \(turns)\(within)", currency: "CAD", totalAmount: "2.00")
                return ScannedReceipt(payload: payload, words: [ReceiptWord(text: "2.00", x: 1, y: 2, width: 3, height: 4)], paper: paper)
            }
        }
    }

    private func reviewing(_ scanner: TurningScanner) throws -> (ReviewCoordinator, RecordingNavigator) {
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-turn-\(UUID().uuidString).png")
        try Data("PNG!".utf8).write(to: image)
        images.append(image)
        turned.append(scanner.written)
        let environment = AppEnvironment.inMemory(database: try AppDatabase.inMemory(), version: "test", scanner: scanner)
        let navigator = RecordingNavigator()
        var payload = ReviewViewModelTests.scanned()
        payload.id = "r-1"
        let coordinator = ReviewCoordinator(items: [ReviewItem(payload: payload, imagePath: image.path)],
                                            environment: environment, navigator: navigator)
        coordinator.start()
        return (coordinator, navigator)
    }

    @Test func aPDFReadFromItsTextIsNotTurned() throws {
        var payload = ReviewViewModelTests.scanned()
        payload.ocrEngine = ReceiptPayload.pdfTextEngine
        let viewModel = ReviewViewModel(item: ReviewItem(payload: payload, imagePath: "/tmp/receipt.pdf"), mode: .batch,
                                        position: 1, count: 1, store: ReceiptRepository(database: try AppDatabase.inMemory()))
        #expect(!viewModel.canTurn)
    }

    @Test func turningReadsTheTurnedCopyAndReplacesTheReceipt() async throws {
        let (coordinator, navigator) = try reviewing(TurningScanner())
        let first = try #require(navigator.reviewViewModel)
        #expect(first.canTurn)
        first.turn(clockwise: true)
        #expect(first.isRereading && !first.canTurn)
        let turned = try await waitForAnother(than: first, in: navigator)
        #expect(turned.text(.merchantName) == "Turned [1]")
        #expect(turned.item.payload.id == "r-1", "a saved receipt stays the same receipt")
        #expect(turned.item.imagePath != first.item.imagePath && turned.imageWords.words.count == 1)
        #expect(coordinator.items[0].payload.merchantName == "Turned [1]")
        // Turning back (counter-clockwise) turns the turned copy three quarters more.
        turned.turn(clockwise: false)
        let again = try await waitForAnother(than: turned, in: navigator)
        #expect(again.text(.merchantName) == "Turned [1, 3]")
    }

    @Test func movedPaperCornersReadTheSameImageWithinThem() async throws {
        let (coordinator, navigator) = try reviewing(TurningScanner())
        let first = try #require(navigator.reviewViewModel)
        let corners = [SIMD2(10.0, 5), SIMD2(90, 8), SIMD2(88, 190), SIMD2(12, 185)]
        first.movePaper(to: corners)
        #expect(first.isRereading)
        let again = try await waitForAnother(than: first, in: navigator)
        #expect(again.text(.merchantName) == "Turned [] within [10, 90, 88, 12]")
        #expect(again.paper == corners && again.item.imagePath == first.item.imagePath && again.item.payload.id == "r-1")
        #expect(coordinator.items[0].paper == corners)
    }

    @Test func aFailedTurnKeepsTheReceiptAndSaysWhy() async throws {
        let (coordinator, navigator) = try reviewing(TurningScanner(fails: true))
        let first = try #require(navigator.reviewViewModel)
        first.turn(clockwise: true)
        for _ in 0..<200 where first.isRereading { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(!first.isRereading && navigator.reviewViewModel === first)
        #expect(first.errorMessage == "Could not read the receipt again: the image is broken")
        #expect(first.text(.merchantName) == "No Frills" && coordinator.items[0].payload.merchantName == "No Frills")
    }

    private func waitForAnother(than shown: ReviewViewModel, in navigator: RecordingNavigator) async throws -> ReviewViewModel {
        for _ in 0..<200 where navigator.reviewViewModel === shown { try await Task.sleep(nanoseconds: 10_000_000) }
        return try #require(navigator.reviewViewModel.flatMap { $0 === shown ? nil : $0 })
    }
}
