import CTesseract
import Foundation
import PlutaryOCR
import Testing

@Suite struct RenderedReceiptTests {
    @Test(arguments: [false, true])
    func readsSkewedNoisyReceipt(jpeg: Bool) throws {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines)
        defer { pixDestroy(&pix) }
        let url = folder.appendingPathComponent(jpeg ? "costco.jpg" : "costco.png")
        try ReceiptImageFactory.encode(pix!, jpeg: jpeg).write(to: url)

        let result = try TestPipelines.english.recognize(fileAt: url)
        #expect(result.text.contains("41.02"))
        #expect(result.text.contains("03/15/2024"))
        #expect(result.text.contains("COSTCO"))
        #expect(result.text.contains("WHOLESALE"))
        #expect(result.source == url.lastPathComponent)
        #expect(result.imageWidth == Int(pixGetWidth(pix)) && result.imageHeight == Int(pixGetHeight(pix)))

        // Words and lines carry boxes on the source image, for highlighting fields later.
        let total = try #require(result.words.first { $0.text == "41.02" })
        #expect(total.box.x > result.imageWidth / 2 && total.box.y > result.imageHeight / 2)
        #expect(total.box.x + total.box.width <= result.imageWidth && total.box.y + total.box.height <= result.imageHeight)
        #expect(total.confidence > 50)
        #expect(result.lines[total.lineIndex].text.contains("TOTAL"))
        // Interword spaces are preserved, so columns stay apart.
        #expect(result.lines.contains { $0.text.contains("TOTAL ") && $0.text.contains("   ") })
    }

    @Test func resultRoundTripsThroughJSON() throws {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ["TOTAL 12.34"], noise: false)
        defer { pixDestroy(&pix) }
        let result = try TestPipelines.english.recognize(data: ReceiptImageFactory.encode(pix!, jpeg: false), name: "r.png")
        let decoded = try JSONDecoder().decode(OCRResult.self, from: JSONEncoder().encode(result))
        #expect(decoded == result)
        #expect(result.text.contains("12.34"))
    }

    @Test func readsWithoutPreprocessing() throws {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines, degrees: 0)
        defer { pixDestroy(&pix) }
        let pipeline = try OCRPipeline(options: OCROptions(preprocess: false), engines: 1)
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(pix!, jpeg: false), name: "plain.png")
        #expect(result.text.contains("41.02"))
    }

    @Test func readsChineseWithEnglish() throws {
        try #require(OCRLanguages.installed().contains("chi_sim"))
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(
            lines: ["大统华超市", "", "合计        41.02"], font: "Noto Sans CJK SC 18", degrees: 1)
        defer { pixDestroy(&pix) }
        let pipeline = try OCRPipeline(options: OCROptions(languages: ["eng", "chi_sim"]), engines: 1)
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(pix!, jpeg: false), name: "tt.png")
        #expect(result.text.contains("41.02"))
        #expect(result.text.contains("大统华"), "\(result.text)")
        #expect(result.languages == ["eng", "chi_sim"])
    }

    /// Boxes found on the scaled, deskewed image land where the word is on the source image.
    @Test func boxesMapBackThroughScaleAndDeskew() throws {
        // Many full-width lines, so Leptonica is confident enough (≥ 3) to deskew.
        let items = (1...14).map { "ITEM NUMBER \($0) OF THE LIST   \($0).99" }
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(
            lines: items + ReceiptImageFactory.costcoLines, font: "DejaVu Sans Mono 11", degrees: 3, noise: false)
        defer { pixDestroy(&pix) }
        let data = ReceiptImageFactory.encode(pix!, jpeg: false)
        let processed = try TestPipelines.english.recognize(data: data, name: "a.png")
        let plain = try OCRPipeline(options: OCROptions(preprocess: false), engines: 1).recognize(data: data, name: "b.png")
        let a = try #require(processed.words.first { $0.text == "SUBTOTAL" }).box
        let b = try #require(plain.words.first { $0.text == "SUBTOTAL" }).box
        #expect(abs((a.x + a.width / 2) - (b.x + b.width / 2)) <= 4)
        #expect(abs((a.y + a.height / 2) - (b.y + b.height / 2)) <= 4)
    }
}
