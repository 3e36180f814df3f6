import CTesseract
import Foundation
import PlutaryOCR
import Testing

/// Bad input gives one clear error naming the file, never a crash.
@Suite struct ImageRobustnessTests {
    let pipeline = TestPipelines.english

    private func expectError(_ expected: OCRError, data: Data, name: String) {
        #expect(throws: expected) { try pipeline.recognize(data: data, name: name) }
        do {
            _ = try pipeline.recognize(data: data, name: name)
        } catch {
            #expect(error.localizedDescription.hasPrefix(name + ": "))
        }
    }

    @Test func zeroByteFile() {
        expectError(.emptyFile(file: "empty.jpg"), data: Data(), name: "empty.jpg")
    }

    @Test func textFileNamedJPEG() {
        expectError(.unsupportedFormat(file: "notes.jpg"), data: Data("TOTAL 41.02\n".utf8), name: "notes.jpg")
    }

    @Test func truncatedJPEG() {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines)
        defer { pixDestroy(&pix) }
        let jpeg = ReceiptImageFactory.encode(pix!, jpeg: true)
        expectError(.decodeFailed(file: "cut.jpg", reason: "the JPEG file is truncated"),
                    data: jpeg.prefix(jpeg.count * 6 / 10), name: "cut.jpg")
    }

    @Test func truncatedPNG() {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ReceiptImageFactory.costcoLines)
        defer { pixDestroy(&pix) }
        let png = ReceiptImageFactory.encode(pix!, jpeg: false)
        expectError(.decodeFailed(file: "cut.png", reason: "the PNG file is truncated"),
                    data: png.prefix(png.count / 2), name: "cut.png")
    }

    @Test func onePixelImage() {
        var pix: UnsafeMutablePointer<PIX>? = pixCreate(1, 1, 8)
        defer { pixDestroy(&pix) }
        expectError(.tooSmall(file: "dot.png", width: 1, height: 1),
                    data: ReceiptImageFactory.encode(pix!, jpeg: false), name: "dot.png")
    }

    @Test func blankPageGivesEmptyResult() throws {
        var pix: UnsafeMutablePointer<PIX>? = pixCreate(300, 500, 8)
        defer { pixDestroy(&pix) }
        pixSetAllArbitrary(pix, 255)
        let result = try pipeline.recognize(data: ReceiptImageFactory.encode(pix!, jpeg: true), name: "blank.jpg")
        #expect(result.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(result.words.isEmpty && result.meanConfidence == 0)
        #expect(result.imageWidth == 300 && result.imageHeight == 500)
    }

    /// A PNG whose header claims 20000×20000 pixels is refused before any decoding.
    @Test func hugeImageIsRefusedFromItsHeader() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += [0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20]  // 20000 × 20000
        png += [1, 0, 0, 0, 0]  // 1-bit grey, no interlace
        png += [0, 0, 0, 0]  // CRC (not checked for the header)
        png += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        expectError(.tooLarge(file: "huge.png", width: 20000, height: 20000, limitMegapixels: 40),
                    data: Data(png), name: "huge.png")
    }

    @Test func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/receipt.jpg")
        #expect {
            try pipeline.recognize(fileAt: url)
        } throws: { error in
            guard case .unreadable(file: "receipt.jpg", _) = error as? OCRError else { return false }
            return true
        }
    }

    @Test func otherFormatsDecode() throws {
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: ["TOTAL 41.02"], noise: false)
        defer { pixDestroy(&pix) }
        for format in [IFF_TIFF_G4, IFF_BMP, IFF_PNM, IFF_WEBP, IFF_TIFF_LZW] {
            var bytes: UnsafeMutablePointer<UInt8>?
            var size = 0
            // G4 needs 1 bpp; the others take the grey image.
            var source: UnsafeMutablePointer<PIX>? = format == IFF_TIFF_G4 ? pixConvertTo1(pix, 128) : pixClone(pix)
            defer { pixDestroy(&source) }
            try #require(pixWriteMem(&bytes, &size, source, Int32(format)) == 0)
            let data = Data(bytes: bytes!, count: size)
            free(bytes)
            let result = try pipeline.recognize(data: data, name: "receipt.\(format)")
            #expect(result.text.contains("41.02"), "format \(format)")
        }
    }
}
