import CTesseract
import Foundation
@testable import PlutaryOCR
import Testing

@Suite struct CropGeometryTests {
    @Test func straightQuadIsItsBoundingBox() {
        let quad = RotatedRect(center: SIMD2(100, 50), width: 120, height: 20, angle: 0).quad
        let geometry = CropGeometry(quad: quad, imageWidth: 400, imageHeight: 300)
        #expect(geometry.clip == OCRBox(x: 40, y: 40, width: 120, height: 20))
        #expect(geometry.rotation == 0 && geometry.width == 120 && geometry.height == 20 && !geometry.turnsQuarter)
    }

    @Test func tiltedQuadIsTurnedBack() {
        let quad = RotatedRect(center: SIMD2(100, 80), width: 120, height: 20, angle: 0.2).quad
        let geometry = CropGeometry(quad: quad, imageWidth: 400, imageHeight: 300)
        #expect(abs(geometry.rotation + 0.2) < 1e-9)
        #expect(geometry.width == 120 && geometry.height == 20)
        // Its centre is the clip's centre, so it stays at the centre of the turned clip.
        #expect(geometry.cropOrigin(turnedWidth: 200, turnedHeight: 100) == (40, 40))
    }

    @Test func tallCropIsGivenAQuarterTurn() {
        let quad = RotatedRect(center: SIMD2(100, 100), width: 20, height: 90, angle: 0).quad
        #expect(CropGeometry(quad: quad, imageWidth: 400, imageHeight: 300).turnsQuarter)
    }

    /// A dark band tilted by 12° on a white page, cut out by its quad: the crop is the band,
    /// dark to its edges and straight (a wrong turn would bring white corners in).
    @Test func cropsATiltedBandUpright() throws {
        let (width, height) = (360, 260)
        let band = RotatedRect(center: SIMD2(170, 130), width: 220, height: 36, angle: 12 * .pi / 180).quad
        let page = try #require(LeptImage(owning: pixCreate(Int32(width), Int32(height), 32)))
        for y in 0..<height {
            for x in 0..<width {
                let dark = DBPostProcessor.contains(band.corners, SIMD2(Double(x) + 0.5, Double(y) + 0.5))
                pixSetPixel(page.pix, Int32(x), Int32(y), dark ? 0x2020_2000 : 0xFFFF_FF00)
            }
        }
        let crop = try #require(LineCropper.crop(page, band))
        #expect(abs(crop.width - 220) <= 1 && abs(crop.height - 36) <= 1)
        var dark = 0, total = 0
        for y in 2..<(crop.height - 2) {
            for x in 2..<(crop.width - 2) {
                var value: UInt32 = 0
                pixGetPixel(crop.pix, Int32(x), Int32(y), &value)
                if value >> 24 < 128 { dark += 1 }
                total += 1
            }
        }
        #expect(Double(dark) / Double(total) > 0.95, "dark \(dark) of \(total)")
    }
}
