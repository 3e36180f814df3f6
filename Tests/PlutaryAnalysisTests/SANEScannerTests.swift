import CSANE
import CTesseract
import Foundation
import PlutaryCore
import Synchronization
import Testing
@testable import PlutaryOCR

/// SANEScanner against the real libsane and its `test` backend.
@Suite(.serialized)
final class SANEScannerTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-sheets-\(UUID().uuidString)")

    init() {
        SANETestBackend.install()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Scans with `request`, collecting the events; `cancelAfter` events, cancels the task that awaits the scan.
    private func scan(_ request: ScanRequest, cancelAfter: Int = .max) async throws -> [ScanEvent] {
        let events = Mutex<[ScanEvent]>([])
        let scanning = Mutex<Task<Void, Error>?>(nil)
        let task = Task { [folder] in
            try await SANEScanner().scan(request, into: folder) { event in
                guard events.withLock({ $0.append(event); return $0.count }) >= cancelAfter else { return }
                while scanning.withLock({ $0 }) == nil { await Task.yield() }
                scanning.withLock { $0?.cancel() }
            }
        }
        scanning.withLock { $0 = task }
        try await task.value
        return events.withLock { $0 }
    }

    private func grey(_ pix: UnsafeMutablePointer<PIX>, _ x: Int32, _ y: Int32) -> UInt32 {
        var value: UInt32 = 0
        pixGetPixel(pix, x, y, &value)
        return value
    }

    @Test func listsTheTestDevice() async throws {
        let devices = try await SANEScanner().devices()
        #expect(devices.map(\.name) == ["test:0"])
        #expect(devices.first?.title == "Noname frontend-tester (test:0)")
    }

    @Test func flatbedScansOneGreySheetAsPNGWithItsResolution() async throws {
        let events = try await scan(ScanRequest(device: "test:0", resolution: 50, source: .flatbed))
        let file = folder.appendingPathComponent("sheet-1.png")
        #expect(events.last == .scanned(sheet: 1, file: file))
        let fractions = events.compactMap { if case .reading(1, let fraction) = $0 { fraction } else { nil } }
        #expect(fractions.last == 1 && fractions == fractions.sorted())
        var pix: UnsafeMutablePointer<PIX>? = pixRead(file.path)
        defer { pixDestroy(&pix) }
        let image = try #require(pix)
        #expect(pixGetWidth(image) == 78 && pixGetHeight(image) == 118 && pixGetDepth(image) == 8)
        #expect(pixGetXRes(image) == 50)
        // The grid: white at the top left, black one square (10 mm, about 20 px) to the right and below.
        #expect(grey(image, 5, 5) == 255 && grey(image, 25, 5) == 0 && grey(image, 5, 25) == 0 && grey(image, 25, 25) == 255)
    }

    @Test func resolutionDefaultsTo300Dpi() async throws {
        _ = try await scan(ScanRequest(device: "test:0", source: .flatbed))
        var pix: UnsafeMutablePointer<PIX>? = pixRead(folder.appendingPathComponent("sheet-1.png").path)
        defer { pixDestroy(&pix) }
        let image = try #require(pix)
        #expect(pixGetXRes(image) == 300 && pixGetWidth(image) == 472)
    }

    @Test func theGridPageIsNotCroppedToOneOfItsSquares() async throws {
        // The test page is a tightly scanned sheet whose grid's lines bound many straight boxes; the
        // paper finder must pass it through whole (it had cut the scanner dialog's review to one box).
        _ = try await scan(ScanRequest(device: "test:0", source: .flatbed))
        let page = try #require(LeptImage(owning: pixRead(folder.appendingPathComponent("sheet-1.png").path)))
        #expect(PaperFinder.find(in: page) == nil)
    }

    @Test func documentFeederScansUntilItIsEmpty() async throws {
        // The test backend's feeder holds ten sheets.
        let events = try await scan(ScanRequest(device: "test:0", resolution: 20, source: .adf))
        let sheets = events.compactMap { if case .scanned(let sheet, _) = $0 { sheet } else { nil } }
        #expect(sheets == Array(1...10))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet-10.png").path))
    }

    @Test func cancellingStopsWithinTheSheetAndWritesNothing() async throws {
        let events = try await scan(ScanRequest(device: "test:0", resolution: 50, source: .adf), cancelAfter: 1)
        #expect(events.count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sheet-1.png").path))
    }

    @Test func unknownDeviceIsNamed() async {
        await #expect(throws: ScannerError.noSuchScanner("test:9")) {
            try await scan(ScanRequest(device: "test:9"))
        }
    }

    @Test func missingLibraryMakesScanningUnavailable() async {
        await #expect(throws: ScannerError.unavailable("SANE is not installed (no /nonexistent/libsane.so.1).")) {
            try await SANEScanner(libraryPath: "/nonexistent/libsane.so.1").devices()
        }
    }

    // MARK: Sheet formats other than 8-bit grey

    private func parameters(_ format: SANE_Frame, depth: Int32, width: Int32, bytesPerLine: Int32) -> SANE_Parameters {
        SANE_Parameters(format: format, last_frame: 1, bytes_per_line: bytesPerLine, pixels_per_line: width, lines: -1, depth: depth)
    }

    @Test func lineArtBitsAreBlack() throws {
        // 10 pixels in two bytes a line; a set bit is black. Two lines: the height comes from the data.
        let sheet = try SANESheet(parameters: parameters(SANE_FRAME_GRAY, depth: 1, width: 10, bytesPerLine: 2),
                                  bytes: [0b1000_0000, 0b0100_0000, 0, 0])
        #expect(pixGetHeight(sheet.image.pix) == 2)
        #expect(grey(sheet.image.pix, 0, 0) == 0 && grey(sheet.image.pix, 1, 0) == 255 && grey(sheet.image.pix, 9, 0) == 0)
        #expect(grey(sheet.image.pix, 0, 1) == 255)
    }

    @Test func sixteenBitGreyKeepsTheHighByte() throws {
        let samples: [UInt16] = [0x1234, 0xABCD, 0xFFFF]
        let bytes = samples.flatMap { withUnsafeBytes(of: $0) { Array($0) } }
        let sheet = try SANESheet(parameters: parameters(SANE_FRAME_GRAY, depth: 16, width: 3, bytesPerLine: 6), bytes: bytes)
        #expect((0..<3).map { grey(sheet.image.pix, $0, 0) } == [0x12, 0xAB, 0xFF])
    }

    @Test func colourBecomesGrey() throws {
        let sheet = try SANESheet(parameters: parameters(SANE_FRAME_RGB, depth: 8, width: 2, bytesPerLine: 6),
                                  bytes: [255, 0, 0, 255, 255, 255])
        #expect(grey(sheet.image.pix, 0, 0) == 76 && grey(sheet.image.pix, 1, 0) == 255)
    }

    @Test func threePassFramesAreRefused() {
        #expect(throws: ScannerError.self) {
            try SANESheet(parameters: parameters(SANE_FRAME_RED, depth: 8, width: 2, bytesPerLine: 2), bytes: [1, 2])
        }
    }
}
