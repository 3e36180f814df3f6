import CTesseract
import Foundation
import PlutaryCore
@testable import PlutaryOCR
import Testing

/// Date lines read again on their own, enlarged, when the page reading lost the date.
struct LineRereadTests {
    private func word(_ text: String, x: Int, y: Int, height: Int, line: Int) -> OCRWord {
        OCRWord(text: text, box: OCRBox(x: x, y: y, width: 60, height: height), confidence: 50, lineIndex: line)
    }

    @Test func bandsSpanTheTextOfDateLinesNotTheBarcodeAbove() {
        // Tesseract took a barcode into the footer line: the line box is 197 px tall, its text 34.
        let lines = [
            OCRLine(text: "zu zahlen   19,58", box: OCRBox(x: 18, y: 797, width: 796, height: 43), confidence: 90),
            OCRLine(text: "3182  | II | | Il | 00:58", box: OCRBox(x: 19, y: 1237, width: 836, height: 197), confidence: 40),
            OCRLine(text: "UST-ID-NR: DE814689550", box: OCRBox(x: 199, y: 1444, width: 436, height: 36), confidence: 80),
        ]
        let words = [
            word("zu", x: 18, y: 800, height: 35, line: 0), word("zahlen", x: 80, y: 800, height: 36, line: 0),
            word("19,58", x: 700, y: 800, height: 35, line: 0),
            word("3182", x: 19, y: 1396, height: 34, line: 1), word("|", x: 200, y: 1237, height: 190, line: 1),
            word("00:58", x: 758, y: 1396, height: 34, line: 1),
            word("UST-ID-NR:", x: 199, y: 1444, height: 36, line: 2),
        ]
        let ocr = OCRResult(source: "r.jpg", text: lines.map(\.text).joined(separator: "\n"), lines: lines, words: words,
                            imageWidth: 896, imageHeight: 1492, languages: ["deu"], meanConfidence: 60)
        let bands = ReceiptScanner.dateLineBands(in: ocr)
        #expect(bands == [OCRBox(x: 19, y: 1396, width: 836, height: 34)])
    }

    @Test func aTiltedLinesBandIsItsWordsHeightAroundTheirMiddle() {
        // On a photo turned a few degrees the words climb across the line: their tops and bottoms
        // together would span the lines above and below.
        let line = OCRLine(text: "Datum 03.04.20 09:53", box: OCRBox(x: 100, y: 990, width: 600, height: 70), confidence: 80)
        let words = [word("Datum", x: 100, y: 1000, height: 30, line: 0), word("03.04.20", x: 300, y: 1010, height: 30, line: 0),
                     word("09:53", x: 500, y: 1020, height: 30, line: 0)]
        let ocr = OCRResult(source: "r.jpg", text: line.text, lines: [line], words: words,
                            imageWidth: 800, imageHeight: 1200, languages: ["deu"], meanConfidence: 80)
        #expect(ReceiptScanner.dateLineBands(in: ocr) == [OCRBox(x: 100, y: 1010, width: 600, height: 30)])
    }

    @Test func aLineReadAgainEnlargedGivesItsDate() throws {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(
            lines: ["CORNER SHOP", "BREAD        2.50", "3182  748433/01   15.03.20  15:59"],
            font: "DejaVu Sans Mono 11", degrees: 0, width: 420)
        defer { pixDestroy(&pix) }
        let data = ReceiptImageFactory.encode(pix!, jpeg: true)
        // The third line starts at y = 30 + 2 × 26.
        let readings = try TestPipelines.english.rereadLines(data: data, name: "r.jpg",
                                                             boxes: [OCRBox(x: 30, y: 82, width: 360, height: 18)])
        #expect(readings.count == 1)
        #expect(readings[0].count == 2 + OCRPipeline.lineThresholds.count)
        #expect(readings[0].contains { $0.contains("15.03.20") })
        #expect(ReceiptParser().parse(ocrText: "CORNER SHOP\n" + readings[0].joined(separator: "\n")).purchaseDate == "2020-03-15")
    }
}
