@testable import PlutaryOCR
import Testing

@Suite struct DetectionSizeTests {
    @Test func aTallScanIsLimitedByItsLongerSide() {
        let size = PPOCREngine.detectionSize(width: 896, height: 2316, maxSide: 1280, maxPixels: 700_000)
        #expect(size.width == 480 && size.height == 1280)
    }

    /// Within the side limit but with too many pixels: both sides shrink alike, to multiples of 32.
    @Test func aWidePageIsLimitedByItsArea() {
        let size = PPOCREngine.detectionSize(width: 992, height: 1403, maxSide: 1280, maxPixels: 700_000)
        #expect(size.width == 704 && size.height == 992)
    }

    @Test func aSmallImageIsNotEnlarged() {
        let size = PPOCREngine.detectionSize(width: 300, height: 500, maxSide: 1280, maxPixels: 700_000)
        #expect(size.width == 288 && size.height == 512)
    }
}
