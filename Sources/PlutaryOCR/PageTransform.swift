import Foundation

/// How preprocessing moved pixels (a scale, then a small rotation about the centre),
/// so boxes Tesseract reports on the processed image map back onto the source image.
struct PageTransform {
    var scale = 1.0
    /// Clockwise rotation in degrees applied after scaling (Leptonica's deskew).
    var rotationDegrees = 0.0
    /// Size of the processed image.
    var processedWidth = 0
    var processedHeight = 0
    /// Size of the source image.
    var sourceWidth = 0
    var sourceHeight = 0

    static func identity(width: Int, height: Int) -> PageTransform {
        PageTransform(processedWidth: width, processedHeight: height, sourceWidth: width, sourceHeight: height)
    }

    /// Maps a box in processed pixels to the bounding box of its corners in source pixels.
    func sourceBox(left: Int, top: Int, right: Int, bottom: Int) -> OCRBox {
        let theta = rotationDegrees * .pi / 180
        let (c, s) = (cos(theta), sin(theta))
        let cx = Double(processedWidth) / 2, cy = Double(processedHeight) / 2
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(left, top), (right, top), (left, bottom), (right, bottom)] {
            // Undo the rotation about the centre, then the scale.
            let dx = Double(x) - cx, dy = Double(y) - cy
            xs.append((cx + dx * c + dy * s) / scale)
            ys.append((cy - dx * s + dy * c) / scale)
        }
        let x0 = max(0, Int(xs.min()!.rounded(.down))), y0 = max(0, Int(ys.min()!.rounded(.down)))
        let x1 = min(sourceWidth, Int(xs.max()!.rounded(.up))), y1 = min(sourceHeight, Int(ys.max()!.rounded(.up)))
        return OCRBox(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
