import CTesseract
import Foundation
import PlutaryCore
@testable import PlutaryOCR
import Testing

@Suite struct PPOCRPipelineTests {
    static let pipeline: OCRPipeline? = PPOCRTestFiles.files.flatMap {
        var options = OCROptions()
        options.engine = .ppocr
        options.ppocrFiles = $0
        return try? OCRPipeline(options: options, engines: 2)
    }

    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func readsARenderedReceipt() throws {
        let pipeline = try #require(Self.pipeline)
        #expect(pipeline.engine == .ppocr && pipeline.engineNotice == nil)
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines)
        defer { pixDestroy(&pix) }
        let data = ReceiptImageFactory.encode(pix!, jpeg: true)
        let result = try pipeline.recognize(data: data, name: "costco.jpg")
        #expect(result.engine == .ppocr)
        for expected in ["COSTCO WHOLESALE", "03/15/2024", "KIRKLAND EGGS", "SUBTOTAL", "41.02"] {
            #expect(result.text.contains(expected), "\(expected) not in \(result.text)")
        }
        // The amount, far right on a tilted page, is read on its label's line, in a box on the page.
        let total = try #require(result.words.first { $0.text == "41.02" })
        #expect(result.lines[total.lineIndex].text.hasPrefix("TOTAL"))
        #expect(total.box.x > result.imageWidth / 2 && total.box.y > result.imageHeight / 2)
        #expect(total.box.x + total.box.width <= result.imageWidth && total.box.y + total.box.height <= result.imageHeight)
        #expect(total.confidence > 80)

        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("costco.jpg")
        try data.write(to: file)
        let scan = try ReceiptScanner(pipeline: pipeline).scan(fileAt: file)
        #expect(scan.payload.totalAmount == "41.02")
        #expect(scan.payload.purchaseDate == "2024-03-15")
        #expect(scan.payload.ocrEngine == "ppocr")
    }

    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func readsAnUpsideDownReceipt() throws {
        let pipeline = try #require(Self.pipeline)
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0)
        defer { pixDestroy(&pix) }
        var turned: UnsafeMutablePointer<PIX>? = pixRotate180(nil, pix)
        defer { pixDestroy(&turned) }
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(turned!, jpeg: false), name: "turned.png")
        #expect(result.text.contains("41.02") && result.text.contains("COSTCO"), "\(result.text)")
        // Read in the page's own order: the shop's name before the total.
        let lines = result.lines.map(\.text)
        let shop = try #require(lines.firstIndex { $0.contains("COSTCO") })
        let total = try #require(lines.firstIndex { $0.hasPrefix("TOTAL") })
        #expect(shop < total)
    }

    /// A receipt lying on its side (a phone photo without orientation data), either way round.
    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason), arguments: [Int32(1), 3])
    func readsAReceiptOnItsSide(quarterTurns: Int32) throws {
        let pipeline = try #require(Self.pipeline)
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0)
        defer { pixDestroy(&pix) }
        var turned: UnsafeMutablePointer<PIX>? = pixRotateOrth(pix, quarterTurns)
        defer { pixDestroy(&turned) }
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(turned!, jpeg: false), name: "side.png")
        let lines = result.lines.map(\.text)
        let shop = try #require(lines.firstIndex { $0.contains("COSTCO") }, "\(result.text)")
        let total = try #require(lines.firstIndex { $0.hasPrefix("TOTAL") && $0.hasSuffix("41.02") }, "\(result.text)")
        #expect(shop < total)
        // Words are boxed along their line, which runs down (or up) the image.
        let amount = try #require(result.words.first { $0.text == "41.02" })
        #expect(amount.box.height > amount.box.width)
    }

    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func blankPageReadsNothing() throws {
        let pipeline = try #require(Self.pipeline)
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: [], noise: false)
        defer { pixDestroy(&pix) }
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(pix!, jpeg: false), name: "blank.png")
        #expect(result.engine == .ppocr)
        #expect(result.lines.isEmpty && result.words.isEmpty && result.text.isEmpty && result.meanConfidence == 0)
    }

    /// Without the library, PP-OCR says why once and Tesseract reads.
    @Test func fallsBackToTesseractWithoutTheLibrary() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.expectFallback(PPOCRFiles(library: folder.appendingPathComponent("libonnxruntime.so.1.32.0").path,
                                           modelDirectory: folder.path), naming: "library")
    }

    /// With a model file that is not one, likewise.
    @Test(.enabled(if: PPOCRTestFiles.available, PPOCRTestFiles.skipReason))
    func fallsBackToTesseractOnACorruptModel() throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for model in [PPOCRFiles.detectionModel, PPOCRFiles.classifierModel, PPOCRFiles.recognitionModel] {
            try Data("not a model".utf8).write(to: folder.appendingPathComponent(model))
        }
        try Self.expectFallback(PPOCRFiles(library: PPOCRTestFiles.files!.library, modelDirectory: folder.path),
                                naming: PPOCRFiles.detectionModel)
    }

    private static func expectFallback(_ files: PPOCRFiles, naming cause: String) throws {
        var options = OCROptions()
        options.engine = .ppocr
        options.ppocrFiles = files
        let pipeline = try OCRPipeline(options: options, engines: 1)
        #expect(pipeline.engine == .tesseract)
        let notice = try #require(pipeline.engineNotice)
        #expect(notice.contains("PP-OCR") && notice.contains(cause), "\(notice)")
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ["TOTAL 12.34"], noise: false)
        defer { pixDestroy(&pix) }
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(pix!, jpeg: false), name: "r.png")
        #expect(result.engine == .tesseract && result.text.contains("12.34"))
    }

    @Test func tesseractWhenAskedOrNotInstalled() throws {
        var options = OCROptions()
        options.engine = .tesseract
        options.ppocrFiles = PPOCRTestFiles.files
        let asked = try OCRPipeline(options: options, engines: 1)
        #expect(asked.engine == .tesseract && asked.engineNotice == nil)
        let automatic = try OCRPipeline(options: OCROptions(), engines: 1)
        #expect(automatic.engine == .tesseract && automatic.engineNotice != nil)
    }
}
