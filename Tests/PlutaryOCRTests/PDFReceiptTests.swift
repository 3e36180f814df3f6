import Foundation
import PlutaryCore
@testable import PlutaryOCR
import Synchronization
import Testing

/// PDF receipts: the text layer read as it is, scans recognised, pages joined, bad files refused.
@Suite struct PDFReceiptTests {
    @Test func textLayerIsReadWithWordsOnTheirPages() throws {
        let lines = PDFFactory.bakeryLines
        let data = PDFFactory.text(pages: [Array(lines[..<6]), Array(lines[6...])])
        let result = try TestPipelines.english.recognize(data: data, name: "two.pdf")
        #expect(result.fromTextLayer && result.engineName == "pdf-text")
        // Exact characters, lines in page order, runs of spaces as one.
        let expected = lines.filter { !$0.isEmpty }.map { $0.split(separator: " ").joined(separator: " ") }
        #expect(result.lines.map(\.text) == expected)
        #expect(result.text == expected.joined(separator: "\n"))
        // Two 360-point pages at 300 dpi, one gap apart.
        let page = 1500
        #expect(result.imageHeight == 2 * page + PDFLayout.gap && result.imageWidth == 1083)
        let total = try #require(result.words.first { $0.text == "14.69" })
        #expect(total.page == 1 && total.box.y > page + PDFLayout.gap)
        #expect(result.lines[total.lineIndex].text == "TOTAL 14.69")
        let shop = try #require(result.words.first { $0.text == "BAKERY" })
        #expect(shop.page == 0 && shop.box.y < 30 * 300 / 72 && shop.box.x > 15 * 300 / 72)
        #expect(result.words.allSatisfy { $0.box.width > 0 && $0.box.height > 0 })
    }

    @Test func scannedPDFIsRecognised() throws {
        let result = try TestPipelines.english.recognize(data: PDFFactory.scanned(lines: PDFFactory.bakeryLines), name: "scan.pdf")
        #expect(!result.fromTextLayer && result.engineName != "pdf-text")
        #expect(result.text.contains("14.69") && result.text.contains("BAKERY"), "\(result.text)")
        #expect(result.imageWidth == 1083 && result.imageHeight == 1500)
    }

    /// Pages are read one by one, so a scan whose pages stacked are over the size limit is read,
    /// and the date re-read (which would load them stacked) is left out, not failed.
    @Test func aLongScanWithoutADateIsReadPageByPage() throws {
        // A date label without a date: the line the re-read would look at again.
        let lines = PDFFactory.bakeryLines.map { $0.hasPrefix("2026") ? "DATE" : $0 }
        let data = PDFFactory.scanned(lines: lines, pages: 2)
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("long-scan.pdf")
        try data.write(to: url)
        var options = OCROptions(maxMegapixels: 2)  // a page is 1.6 megapixels, both 3.3
        options.engine = .tesseract
        let scan = try ReceiptScanner(pipeline: OCRPipeline(options: options, engines: 1)).scan(fileAt: url)
        #expect(scan.payload.totalAmount == "14.69" && scan.payload.purchaseDate == nil)
        #expect(scan.ocr.words.contains { $0.page == 1 } && scan.ocr.lines.count > 10)
    }

    /// A scanner's caption ("Scanned with …") is a text layer, but not the receipt.
    @Test func aFewWordsOfTextOverAScanAreNotATextLayer() throws {
        let data = PDFFactory.scanned(lines: PDFFactory.bakeryLines, caption: "p. 1")
        let result = try TestPipelines.english.recognize(data: data, name: "captioned.pdf")
        #expect(!result.fromTextLayer)
        #expect(result.text.contains("14.69"))
    }

    @Test func garbageTextIsNotUsable() {
        #expect(PDFTextLayer.isUsable("TOTAL 14.69\nVISA 14.69"))
        #expect(!PDFTextLayer.isUsable("p. 1"))
        // A font without a Unicode map: private-use glyph codes.
        #expect(!PDFTextLayer.isUsable(String(repeating: "\u{E011}\u{E02A}\u{E013} ", count: 10)))
        #expect(!PDFTextLayer.isUsable(String(repeating: "\u{FFFD}", count: 30)))
    }

    /// Poppler's text order follows the PDF's blocks: the prices may come after all the names.
    @Test func linesAreRebuiltFromPositions() {
        let text = "MILK\nBREAD\n1.99\n2.49"
        func box(_ x: Int, _ y: Int) -> OCRBox { OCRBox(x: x, y: y, width: 10, height: 20) }
        // One box per character, in the same order as the text, newlines included.
        let boxes = (0..<4).map { box($0 * 10, 0) } + [box(40, 0)]
            + (0..<5).map { box($0 * 10, 40) } + [box(50, 40)]
            + (0..<4).map { box(200 + $0 * 10, 0) } + [box(240, 0)]
            + (0..<4).map { box(200 + $0 * 10, 40) }
        let (lines, words) = PDFTextLayer.lines(text: text, boxes: boxes)
        #expect(lines.map(\.text) == ["MILK 1.99", "BREAD 2.49"])
        #expect(words.map(\.text) == ["MILK", "1.99", "BREAD", "2.49"])
        #expect(words.map(\.lineIndex) == [0, 0, 1, 1])
        #expect(words[1].box == OCRBox(x: 200, y: 0, width: 40, height: 20))
    }

    @Test func pagesJoinInOrderWithOffsets() {
        let layout = PDFLayout(pointSizes: [(72, 72), (144, 36)], dpi: 100)
        #expect(layout.pages == [.init(y: 0, width: 100, height: 100), .init(y: 100 + PDFLayout.gap, width: 200, height: 50)])
        #expect(layout.width == 200 && layout.height == 150 + PDFLayout.gap)
        func page(_ text: String) -> OCRResult {
            let box = OCRBox(x: 5, y: 10, width: 30, height: 12)
            return OCRResult(source: "p", text: text, lines: [OCRLine(text: text, box: box, confidence: 90)],
                             words: [OCRWord(text: text, box: box, confidence: 80, lineIndex: 0)],
                             imageWidth: 100, imageHeight: 100, languages: ["eng"], meanConfidence: 80)
        }
        let joined = layout.joined([page("ONE"), page("TWO")], source: "r.pdf")
        #expect(joined.text == "ONE\nTWO" && joined.source == "r.pdf")
        #expect(joined.words.map(\.page) == [0, 1] && joined.words.map(\.lineIndex) == [0, 1])
        #expect(joined.words[1].box.y == 10 + 100 + PDFLayout.gap && joined.lines[1].box.y == joined.words[1].box.y)
        #expect(!joined.fromTextLayer)
    }

    @Test func truncatedAndJunkPDFsGiveOneClearError() throws {
        let data = PDFFactory.text(pages: [PDFFactory.bakeryLines])
        for (name, bytes) in [("cut.pdf", data.prefix(data.count * 2 / 3)), ("junk.pdf", Data("%PDF-1.4\nnothing here\n%%EOF\n".utf8))] {
            #expect(throws: OCRError.pdfDamaged(file: name)) { try TestPipelines.english.recognize(data: Data(bytes), name: name) }
        }
    }

    @Test func tooManyPagesAreRefused() {
        let data = PDFFactory.text(pages: Array(repeating: ["TOTAL 1.00"], count: PDFDocument.maxPages + 1), width: 100, height: 100)
        #expect(throws: OCRError.pdfTooManyPages(file: "long.pdf", pages: 51, limit: 50)) {
            try TestPipelines.english.recognize(data: data, name: "long.pdf")
        }
        #expect(OCRError.pdfTooManyPages(file: "long.pdf", pages: 51, limit: 50).localizedDescription.contains("51"))
    }

    /// A page may declare any size: a poster is refused by the pixels it would take, unrendered.
    @Test func aPosterSizedPageIsRefusedBeforeRendering() {
        // No text layer, so the 200-inch page would be rendered for OCR.
        let data = PDFFactory.text(pages: [[]], width: 14_400, height: 14_400)
        #expect(throws: OCRError.tooLarge(file: "poster.pdf", width: 60_000, height: 60_000, limitMegapixels: 40)) {
            try TestPipelines.english.recognize(data: data, name: "poster.pdf")
        }
        #expect(throws: OCRError.tooLarge(file: "poster.pdf", width: 60_000, height: 60_000, limitMegapixels: 40)) {
            try UploadImageEncoder().encode(data: data, name: "poster.pdf")
        }
    }

    static let qpdf = ["/usr/bin/qpdf", "/usr/local/bin/qpdf"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: qpdf != nil, "qpdf makes the encrypted PDF"))
    func encryptedPDFSaysSo() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.pdf"), locked = folder.appendingPathComponent("locked.pdf")
        try PDFFactory.text(pages: [PDFFactory.bakeryLines]).write(to: plain)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.qpdf!)
        process.arguments = ["--encrypt", "secret", "owner", "256", "--", plain.path, locked.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        #expect(throws: OCRError.pdfEncrypted(file: "locked.pdf")) { try TestPipelines.english.recognize(fileAt: locked) }
    }

    @Test func badPDFsNeverStopTheBatch() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = PDFFactory.text(pages: [PDFFactory.bakeryLines])
        var urls: [URL] = []
        for (name, data) in [("cut.pdf", good.prefix(200)), ("good.pdf", good)] {
            urls.append(folder.appendingPathComponent(name))
            try Data(data).write(to: urls.last!)
        }
        let seen = Mutex([Int: Result<ReceiptScanner.Scan, Error>]())
        ReceiptScanner(pipeline: TestPipelines.english).scanAll(urls, jobs: 2) { index, result in seen.withLock { $0[index] = result } }
        let results = seen.withLock { $0 }
        #expect(throws: OCRError.pdfDamaged(file: "cut.pdf")) { try results[0]!.get() }
        let scan = try results[1]!.get()
        #expect(scan.payload.ocrEngine == "pdf-text" && scan.payload.totalAmount == "14.69")
        #expect(scan.payload.merchantName == "CORNER BAKERY")
    }

    /// The review's picture: both pages, drawn at half the reading resolution, with the size
    /// the word boxes refer to.
    @Test func previewDrawsEveryPageAtTheWordBoxesScale() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("two.pdf")
        try PDFFactory.text(pages: [["PAGE ONE"], ["PAGE TWO"]]).write(to: url)
        let preview = try PDFPreview.render(fileAt: url)
        #expect(preview.width == 1083 && preview.height == 2 * 1500 + PDFLayout.gap)
        #expect(preview.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // PNG's IHDR: width and height, big-endian, at 16 and 20.
        let side = { (at: Int) in preview.png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(abs(side(16) - 1083 / 2) <= 1 && abs(side(20) - (3000 + PDFLayout.gap) / 2) <= 1)
    }

    @Test func uploadSendsTheFirstPageAsJPEG() throws {
        let data = PDFFactory.text(pages: [["PAGE ONE"], ["PAGE TWO"]])
        #expect(ImageFileType.sniff(data) == .pdf)
        let upload = try UploadImageEncoder(maxSide: 750).encode(data: data, name: "r.pdf")
        #expect(upload.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        // One 260×360-point page, not two stacked: 1083×1500 at 300 dpi, scaled to 750 high.
        #expect(upload.height == 750 && abs(upload.width - 541) <= 1)
    }
}
