import Foundation

/// How one text quad is cut out of the page and turned upright for recognition: clip its
/// bounding box, turn the clip by the quad's tilt (when it has one worth undoing), take the
/// quad's own width × height around its centre, and give a crop taller than wide a quarter turn
/// (PaddleOCR reads such a region as vertical text).
struct CropGeometry: Equatable {
    /// The bounding box of the quad on the page.
    var clip: OCRBox
    /// Clockwise radians to turn the clip by (the opposite of the quad's tilt); 0 when straight.
    var rotation: Double
    /// Size of the upright crop.
    var width: Int
    var height: Int
    /// The quad's centre relative to the clip's centre, before turning.
    var centerOffset: SIMD2<Double>
    /// Give the crop a quarter turn counter-clockwise.
    var turnsQuarter: Bool

    /// Tilts under this many radians (half a degree) are not worth resampling the clip for.
    static let straightTolerance = 0.5 * .pi / 180

    init(quad: TextQuad, imageWidth: Int, imageHeight: Int) {
        clip = quad.boundingBox(width: imageWidth, height: imageHeight)
        let tilt = quad.angle
        rotation = abs(tilt) < Self.straightTolerance ? 0 : -tilt
        if rotation == 0 {
            width = clip.width
            height = clip.height
        } else {
            width = max(1, Int(quad.width.rounded()))
            height = max(1, Int(quad.height.rounded()))
        }
        centerOffset = quad.center - SIMD2(Double(clip.x) + Double(clip.width) / 2, Double(clip.y) + Double(clip.height) / 2)
        turnsQuarter = Double(height) >= 1.5 * Double(width)
    }

    /// Where the quad's centre lands after turning a clip embedded in an image of the given size
    /// (turned about its own centre), and so where the upright crop starts.
    func cropOrigin(turnedWidth: Int, turnedHeight: Int) -> (x: Int, y: Int) {
        let (c, s) = (cos(rotation), sin(rotation))
        // A clockwise turn in image coordinates (y down).
        let moved = SIMD2(c * centerOffset.x - s * centerOffset.y, s * centerOffset.x + c * centerOffset.y)
        let center = SIMD2(Double(turnedWidth) / 2, Double(turnedHeight) / 2) + moved
        return (Int((center.x - Double(width) / 2).rounded()), Int((center.y - Double(height) / 2).rounded()))
    }
}
