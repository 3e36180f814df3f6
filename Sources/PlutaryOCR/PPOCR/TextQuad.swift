import Foundation

/// A text box as four corners in pixels: top-left, top-right, bottom-right, bottom-left of the
/// text (so the top edge runs along the text, left to right). Lines on a tilted receipt are
/// tilted quads; the axis-aligned `OCRBox` is only their bounding box.
struct TextQuad: Equatable, Sendable {
    var topLeft: SIMD2<Double>
    var topRight: SIMD2<Double>
    var bottomRight: SIMD2<Double>
    var bottomLeft: SIMD2<Double>

    var corners: [SIMD2<Double>] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Length along the text: the longer of the top and bottom edges.
    var width: Double { max(Self.distance(topLeft, topRight), Self.distance(bottomLeft, bottomRight)) }
    /// Height across the text: the longer of the left and right edges.
    var height: Double { max(Self.distance(topLeft, bottomLeft), Self.distance(topRight, bottomRight)) }
    var center: SIMD2<Double> { (topLeft + topRight + bottomRight + bottomLeft) / 4 }
    /// Direction of the text in radians, clockwise positive (image y points down).
    var angle: Double { atan2(topRight.y - topLeft.y, topRight.x - topLeft.x) }

    /// The part of the quad between two fractions of its length (0 = left edge, 1 = right edge):
    /// where a word lies within its line.
    func slice(from start: Double, to end: Double) -> TextQuad {
        TextQuad(topLeft: topLeft + (topRight - topLeft) * start, topRight: topLeft + (topRight - topLeft) * end,
                 bottomRight: bottomLeft + (bottomRight - bottomLeft) * end,
                 bottomLeft: bottomLeft + (bottomRight - bottomLeft) * start)
    }

    /// The same quad shifted by `offset`: a region found in a crop, placed on the page.
    func moved(by offset: SIMD2<Double>) -> TextQuad {
        TextQuad(topLeft: topLeft + offset, topRight: topRight + offset, bottomRight: bottomRight + offset,
                 bottomLeft: bottomLeft + offset)
    }

    /// The bounding box in whole pixels, kept within an image of the given size.
    func boundingBox(width imageWidth: Int, height imageHeight: Int) -> OCRBox {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = max(0, Int(xs.min()!.rounded(.down))), y0 = max(0, Int(ys.min()!.rounded(.down)))
        let x1 = min(imageWidth, Int(xs.max()!.rounded(.up))), y1 = min(imageHeight, Int(ys.max()!.rounded(.up)))
        return OCRBox(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    private static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        return (d * d).sum().squareRoot()
    }
}
