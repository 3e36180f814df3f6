/// Where to look again when the text found fills only part of a picture the detector saw shrunk:
/// a receipt the paper finder could not cut out (a white table, a cluttered desk) is a small part
/// of a 12 MP photo, and the detector's size cap leaves its print a few pixels high. The text's
/// own extent, cut out, is detected again at a larger scale. A scan, or paper already cut out,
/// is mostly text and is not looked at twice.
/// The shrunk first look misses small and faint print (a header, a column printed light), often
/// at the receipt's edges: when the closer look finds text at the cut's edge, the cut is widened
/// and what lies in the new part is added (`wider`).
enum DetectionFocus {
    /// The text must cover at most this share of the picture for a second look to pay.
    static let largestShare = 0.5
    /// The second look must enlarge the text at least this much.
    static let smallestGain = 1.3
    /// Margin around the text's extent, as a share of its larger side: boxes cut a letter's edge.
    static let margin = 0.03
    /// Closer looks at most, the widened ones included.
    static let maxLooks = 3

    /// The rectangle to detect again, or nil when the first look is as good as a second.
    static func area(of regions: [DetectedText], imageWidth: Int, imageHeight: Int, maxSide: Int, maxPixels: Int) -> OCRBox? {
        guard let box = padded(regions, imageWidth: imageWidth, imageHeight: imageHeight),
              box.width >= 32, box.height >= 32,
              Double(box.width * box.height) <= largestShare * Double(imageWidth * imageHeight) else { return nil }
        let before = PPOCREngine.detectionScale(width: imageWidth, height: imageHeight, maxSide: maxSide, maxPixels: maxPixels)
        let after = PPOCREngine.detectionScale(width: box.width, height: box.height, maxSide: maxSide, maxPixels: maxPixels)
        return after >= smallestGain * before ? box : nil
    }

    /// `area` grown to hold the margin around `regions` (found in it, in picture pixels), or nil
    /// when that margin stays inside it: text found near a cut's edge may go on beyond it.
    static func wider(_ area: OCRBox, holding regions: [DetectedText], imageWidth: Int, imageHeight: Int) -> OCRBox? {
        guard let box = padded(regions, imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        let x0 = min(area.x, box.x), y0 = min(area.y, box.y)
        let x1 = max(area.x + area.width, box.x + box.width), y1 = max(area.y + area.height, box.y + box.height)
        let union = OCRBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return union == area ? nil : union
    }

    /// The regions' extent with the margin, within the picture; nil when there are none.
    private static func padded(_ regions: [DetectedText], imageWidth: Int, imageHeight: Int) -> OCRBox? {
        guard !regions.isEmpty, imageWidth > 0, imageHeight > 0 else { return nil }
        let points = regions.flatMap(\.quad.corners)
        var x0 = points.map(\.x).min()!, x1 = points.map(\.x).max()!
        var y0 = points.map(\.y).min()!, y1 = points.map(\.y).max()!
        let pad = margin * max(x1 - x0, y1 - y0)
        x0 = max(0, x0 - pad); y0 = max(0, y0 - pad)
        x1 = min(Double(imageWidth), x1 + pad); y1 = min(Double(imageHeight), y1 + pad)
        // Whole pixels that still hold the extent, within the picture.
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        let right = min(imageWidth, Int(x1.rounded(.up))), bottom = min(imageHeight, Int(y1.rounded(.up)))
        return OCRBox(x: left, y: top, width: right - left, height: bottom - top)
    }
}
