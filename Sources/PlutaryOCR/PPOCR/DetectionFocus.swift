/// Where to look again when the text found fills only part of a picture the detector saw shrunk:
/// a receipt the paper finder could not cut out (a white table, a cluttered desk) is a small part
/// of a 12 MP photo, and the detector's size cap leaves its print a few pixels high. The text's
/// own extent, cut out, is detected again at a larger scale. A scan, or paper already cut out,
/// is mostly text and is not looked at twice.
enum DetectionFocus {
    /// The text must cover at most this share of the picture for a second look to pay.
    static let largestShare = 0.5
    /// The second look must enlarge the text at least this much.
    static let smallestGain = 1.3
    /// Margin around the text's extent, as a share of its larger side: boxes cut a letter's edge.
    static let margin = 0.03

    /// The rectangle to detect again, or nil when the first look is as good as a second.
    static func area(of regions: [DetectedText], imageWidth: Int, imageHeight: Int, maxSide: Int, maxPixels: Int) -> OCRBox? {
        guard !regions.isEmpty, imageWidth > 0, imageHeight > 0 else { return nil }
        let points = regions.flatMap(\.quad.corners)
        var x0 = points.map(\.x).min()!, x1 = points.map(\.x).max()!
        var y0 = points.map(\.y).min()!, y1 = points.map(\.y).max()!
        let pad = margin * max(x1 - x0, y1 - y0)
        x0 = max(0, x0 - pad); y0 = max(0, y0 - pad)
        x1 = min(Double(imageWidth), x1 + pad); y1 = min(Double(imageHeight), y1 + pad)
        let box = OCRBox(x: Int(x0), y: Int(y0), width: Int((x1 - x0).rounded(.up)), height: Int((y1 - y0).rounded(.up)))
        guard box.width >= 32, box.height >= 32,
              Double(box.width * box.height) <= largestShare * Double(imageWidth * imageHeight) else { return nil }
        let before = PPOCREngine.detectionScale(width: imageWidth, height: imageHeight, maxSide: maxSide, maxPixels: maxPixels)
        let after = PPOCREngine.detectionScale(width: box.width, height: box.height, maxSide: maxSide, maxPixels: maxPixels)
        return after >= smallestGain * before ? box : nil
    }
}
