import Foundation
@testable import PlutaryOCR
import Testing

@Suite struct DBPostProcessorTests {
    /// A map of `width` × `height` with `value` inside each given rectangle (x, y, w, h) of map pixels.
    static func map(width: Int, height: Int, _ blobs: [(x: Int, y: Int, w: Int, h: Int, value: Float)]) -> [Float] {
        var map = [Float](repeating: 0.02, count: width * height)
        for blob in blobs {
            for y in blob.y..<blob.y + blob.h { for x in blob.x..<blob.x + blob.w { map[y * width + x] = blob.value } }
        }
        return map
    }

    @Test func keepsConfidentBlobsGrownAndScaledToTheSource() {
        let map = Self.map(width: 100, height: 60, [
            (10, 10, 40, 10, 0.9),   // a text line
            (60, 40, 30, 8, 0.8),    // another
            (5, 50, 2, 2, 0.95),     // a speck, too thin to be text
            (60, 5, 30, 10, 0.35),   // above the pixel threshold, but not sure enough as a whole
        ])
        let regions = DBPostProcessor().regions(map: map, width: 100, height: 60, sourceWidth: 200, sourceHeight: 120)
        #expect(regions.count == 2)
        let line = try! #require(regions.first { $0.quad.center.y < 60 })
        // The core after the 2×2 dilation spans x 10…50, y 10…20 (pixel centres): 40 × 10, grown by
        // area × 1.6 / perimeter = 6.4 on each side, then doubled to source pixels.
        #expect(abs(line.quad.center.x - 60) < 2 && abs(line.quad.center.y - 30) < 2)
        #expect(abs(line.quad.width - 105.6) < 3 && abs(line.quad.height - 45.6) < 3)
        // The rectangle is fitted to the dilated blob: 41 × 11 pixels, of which the 40 × 10 at 0.9.
        #expect(abs(line.score - (400 * 0.9 + 51 * 0.02) / 451) < 0.01)
        #expect(abs(line.quad.angle) < 0.01)
    }

    @Test func followsTiltedLines() {
        let (width, height) = (160, 100)
        var map = [Float](repeating: 0, count: width * height)
        let tilt = 10 * Double.pi / 180
        let band = RotatedRect(center: SIMD2(80, 50), width: 100, height: 12, angle: tilt).quad.corners
        for y in 0..<height {
            for x in 0..<width where DBPostProcessor.contains(band, SIMD2(Double(x), Double(y))) { map[y * width + x] = 0.9 }
        }
        let regions = DBPostProcessor().regions(map: map, width: width, height: height, sourceWidth: width, sourceHeight: height)
        let region = try! #require(regions.first)
        #expect(regions.count == 1)
        #expect(abs(region.quad.angle - tilt) < 2 * .pi / 180)
        #expect(region.quad.width > 100 && region.quad.height > 12)
    }

    @Test func emptyMapHasNoRegions() {
        let map = [Float](repeating: 0.1, count: 64 * 64)
        #expect(DBPostProcessor().regions(map: map, width: 64, height: 64, sourceWidth: 64, sourceHeight: 64).isEmpty)
    }

    @Test func smallestRectangleOfAHull() {
        // A diamond: its smallest enclosing rectangle is the square along its edges, not the box.
        let points: [SIMD2<Double>] = [SIMD2(0, 5), SIMD2(5, 0), SIMD2(10, 5), SIMD2(5, 10), SIMD2(5, 5)]
        let rect = try! #require(RotatedRect.enclosing(points))
        #expect(abs(rect.area - 50) < 1e-6)
        #expect(abs(abs(rect.angle) - .pi / 4) < 1e-6)
        #expect(RotatedRect.convexHull(points).count == 4)
    }
}
