import CTesseract
import Foundation
import PlutaryOCR
import Testing

/// Phones store receipts sideways with an EXIF orientation; the pipeline turns them upright.
@Suite struct ExifOrientationTests {
    /// Orientation 6 means "rotate 90° clockwise to display", so the stored pixels are turned
    /// 90° counter-clockwise (3 quarter turns clockwise); 8 is the opposite.
    @Test(arguments: [(6, Int32(3)), (8, Int32(1)), (3, Int32(2))])
    func uprightsRotatedJPEG(orientation: Int, storedQuarterTurns: Int32) throws {
        var upright: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(
            lines: ReceiptImageFactory.costcoLines, degrees: 0, noise: false)
        defer { pixDestroy(&upright) }
        var stored: UnsafeMutablePointer<PIX>? = pixRotateOrth(upright, storedQuarterTurns)
        defer { pixDestroy(&stored) }
        let jpeg = ReceiptImageFactory.withExifOrientation(
            ReceiptImageFactory.encode(stored!, jpeg: true), UInt16(orientation))

        let result = try TestPipelines.english.recognize(data: jpeg, name: "phone.jpg")
        #expect(result.imageWidth == Int(pixGetWidth(upright)))
        #expect(result.imageHeight == Int(pixGetHeight(upright)))
        #expect(result.text.contains("41.02"))
        #expect(result.text.contains("COSTCO"))
    }
}
