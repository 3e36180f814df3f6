import Testing
@testable import PlutaryOCR

@Suite("Looking again where the text is")
struct DetectionFocusTests {
    private func region(x: Double, y: Double, width: Double, height: Double) -> DetectedText {
        DetectedText(quad: TextQuad(topLeft: SIMD2(x, y), topRight: SIMD2(x + width, y),
                                    bottomRight: SIMD2(x + width, y + height), bottomLeft: SIMD2(x, y + height)), score: 0.9)
    }

    @Test func aReceiptInTheMiddleOfAPhotoIsLookedAtAgainWithAMargin() {
        // Text from (1200, 800) to (1800, 3000) of a 3000×4000 photo.
        let regions = [region(x: 1200, y: 800, width: 600, height: 40), region(x: 1250, y: 2960, width: 550, height: 40)]
        let area = DetectionFocus.area(of: regions, imageWidth: 3000, imageHeight: 4000, maxSide: 1280, maxPixels: 700_000)
        // The margin is 3 % of the extent's larger side (2200 px): 66 px.
        #expect(area == OCRBox(x: 1134, y: 734, width: 732, height: 2332))
    }

    @Test func textFoundAtTheCutsEdgeWidensTheCut() throws {
        // The first look found only a right-hand column; the closer look finds the line's start
        // at the cut's left edge, so the receipt goes on to the left: the cut grows there.
        let area = OCRBox(x: 1400, y: 600, width: 600, height: 2000)
        let found = [region(x: 1402, y: 900, width: 400, height: 40), region(x: 1450, y: 2200, width: 300, height: 40)]
        let wider = try #require(DetectionFocus.wider(area, holding: found, imageWidth: 3000, imageHeight: 4000))
        #expect(wider.x < 1400 && wider.x + wider.width == 2000, "\(wider)")
        #expect(wider.y == 600 && wider.height == 2000)
        // Text well inside the cut leaves it as it is.
        let inside = [region(x: 1600, y: 900, width: 200, height: 40), region(x: 1600, y: 1500, width: 200, height: 40)]
        #expect(DetectionFocus.wider(area, holding: inside, imageWidth: 3000, imageHeight: 4000) == nil)
        #expect(DetectionFocus.wider(area, holding: [], imageWidth: 3000, imageHeight: 4000) == nil)
    }

    @Test func textFillingThePictureIsNotLookedAtTwice() {
        let regions = [region(x: 20, y: 30, width: 800, height: 40), region(x: 30, y: 2200, width: 780, height: 40)]
        #expect(DetectionFocus.area(of: regions, imageWidth: 896, imageHeight: 2316, maxSide: 1280, maxPixels: 700_000) == nil)
    }

    @Test func aPictureTheDetectorSeesWholeIsNotLookedAtTwice() {
        // A small image is not shrunk, so a crop of it would be seen at the same scale.
        let regions = [region(x: 100, y: 100, width: 200, height: 30)]
        #expect(DetectionFocus.area(of: regions, imageWidth: 800, imageHeight: 600, maxSide: 1280, maxPixels: 700_000) == nil)
    }

    @Test func nothingFoundGivesNothingToLookAt() {
        #expect(DetectionFocus.area(of: [], imageWidth: 3000, imageHeight: 4000, maxSide: 1280, maxPixels: 700_000) == nil)
    }
}
