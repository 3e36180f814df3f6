import CTesseract
import Foundation
import Synchronization
@testable import PlutaryOCR
import Testing

/// A page Tesseract has not read within `OCROptions.pageTimeLimit` fails with its own error soon
/// after the limit, instead of keeping the job busy (a photo of a table read whole took 20 minutes).
@Suite struct ReadingTimeLimitTests {
    static func tesseract(limit: Duration) throws -> OCRPipeline {
        var options = OCROptions()
        options.engine = .tesseract
        options.pageTimeLimit = limit
        return try OCRPipeline(options: options, engines: 1)
    }

    @Test func aPageOverTheLimitStopsWithItsOwnError() throws {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0)
        defer { pixDestroy(&pix) }
        let data = ReceiptImageFactory.encode(pix!, jpeg: false)
        // The same page is read within a generous limit: the limit, not the image, stops the reading.
        #expect(try Self.tesseract(limit: .seconds(90)).recognize(data: data, name: "page.png").text.contains("41.02"))

        let started = ContinuousClock.now
        #expect(throws: OCRError.readingTooSlow(file: "page.png", seconds: 0)) {
            try Self.tesseract(limit: .milliseconds(1)).recognize(data: data, name: "page.png")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(OCRError.readingTooSlow(file: "page.png", seconds: 90).localizedDescription.contains("90"))
    }

    /// The scanner reports it per file, like any unreadable file: the batch goes on.
    @Test func theScannerReportsTheFileAndGoesOn() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines)
        defer { pixDestroy(&pix) }
        let urls = ["a.png", "b.png"].map { folder.appendingPathComponent($0) }
        for url in urls { try ReceiptImageFactory.encode(pix!, jpeg: false).write(to: url) }

        let seen = Mutex([Result<ReceiptScanner.Scan, Error>]())
        ReceiptScanner(pipeline: try Self.tesseract(limit: .milliseconds(1))).scanAll(urls, jobs: 1) { _, result in
            seen.withLock { $0.append(result) }
        }
        let results = seen.withLock { $0 }
        #expect(results.count == 2)
        for (url, result) in zip(urls, results) {
            #expect(throws: OCRError.readingTooSlow(file: url.lastPathComponent, seconds: 0)) { try result.get() }
        }
    }
}
