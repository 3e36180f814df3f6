import CTesseract
import Foundation

/// The Leptonica steps that turn a photo or scan into what Tesseract reads best.
struct Preprocessor {
    let options: PreprocessOptions
    /// Upper bound on the processed image, whatever the scale estimate says.
    static let maxProcessedPixels = 40_000_000.0

    func run(_ source: LeptImage) -> (LeptImage, PageTransform) {
        var transform = PageTransform.identity(width: source.width, height: source.height)
        // Alpha would turn transparent backgrounds black; blend onto white, then go to 8-bit grey.
        var image = source.map { pixRemoveAlpha($0) }
        if options.dropColourInk, image.depth == 32 {
            image = image.map { pixConvertRGBToGrayMinMax($0, Int32(L_CHOOSE_MAX)) }
        }
        image = image.map { pixConvertTo8($0, 0) }
        if image.depth != 8 { return (image, transform) }

        if options.normalizeBackground {
            // Flattens shadows and the grey of thermal paper; background becomes 200.
            image = image.map { pixBackgroundNormSimple($0, nil, nil) }
        }
        if options.scale, let textHeight = Self.medianWordHeight(image) {
            var factor = options.targetTextHeight / textHeight
            let pixels = Double(image.width * image.height)
            factor = min(factor, (Self.maxProcessedPixels / pixels).squareRoot(), 4)
            factor = max(factor, 0.25)
            // Skip near-identity rescaling: it costs time and blurs for nothing.
            if abs(log(factor)) > log(1.15) {
                // No unsharp masking: it read no better on the real receipts and adds halos.
                image = image.map { pixScaleGeneral($0, Float(factor), Float(factor), 0, 0) }
                transform.scale = Double(image.width) / Double(source.width)
            }
        }
        if options.deskew, let angle = Self.skewDegrees(image) {
            // Rotating the grey image (not a binarised one) keeps strokes smooth.
            image = image.map {
                pixRotate($0, Float(angle * .pi / 180), Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
            }
            transform.rotationDegrees = angle
        }
        switch options.binarization {
        case .none:
            break
        case .sauvola:
            // Window about two glyphs wide; tiles bound the memory of the integral images.
            let half = Int32(max(8, min(40, options.targetTextHeight)))
            let nx = Int32(max(1, image.width / 1500)), ny = Int32(max(1, image.height / 1500))
            image = image.map { pix in
                var out: UnsafeMutablePointer<PIX>?
                return pixSauvolaBinarizeTiled(pix, half, 0.34, nx, ny, nil, &out) == 0 ? out : nil
            }
        case .otsuAdaptive:
            image = image.map { pix in
                var out: UnsafeMutablePointer<PIX>?
                return pixOtsuAdaptiveThreshold(pix, 300, 300, 0, 0, 0.1, nil, &out) == 0 ? out : nil
            }
        }
        // Text is now about the size of receipt print scanned at 300 dpi; saying so keeps
        // Tesseract from guessing (and logging about) the resolution.
        pixSetResolution(image.pix, 300, 300)
        transform.processedWidth = image.width
        transform.processedHeight = image.height
        return (image, transform)
    }

    /// Minimum confidence of Leptonica's skew search to act on it. Leptonica's own deskew wants 3,
    /// which a narrow receipt with short lines rarely reaches.
    static let minimumSkewConfidence: Float = 2

    /// The widest tilt the skew search looks for, either way.
    static let maximumSkewDegrees: Float = 20

    /// The clockwise rotation in degrees that straightens the text lines, or nil when the page
    /// is straight enough or the estimate is unsure.
    static func skewDegrees(_ grey: LeptImage) -> Double? {
        let binary = grey.map { pixConvertTo1($0, 130) }
        var angle: Float = 0, confidence: Float = 0
        // Leptonica's default sweep (pixFindSkew) covers ±7°; a receipt held or laid at an angle
        // is often tilted further (at 9-12°, it found no skew or a wrong one). Its other defaults
        // are kept: reduction 4 for the sweep and 2 for the search, 1° steps, 0.01° precision.
        guard binary.depth == 1, pixFindSkewSweepAndSearch(binary.pix, &angle, &confidence, 4, 2, maximumSkewDegrees, 1, 0.01) == 0,
              confidence >= minimumSkewConfidence, abs(angle) >= 0.1
        else { return nil }
        return Double(angle)
    }

    /// Median height of word-like blobs of a grey image, or nil if there are too few. Glyphs are
    /// first merged into words (dot-matrix dots into strokes), so specks, broken thermal print
    /// and lower-case letters don't drag the estimate down: the result is close to the cap height.
    static func medianWordHeight(_ grey: LeptImage) -> Double? {
        let binary = grey.map { pixConvertTo1($0, 128) }.map { pixCloseBrick(nil, $0, 7, 3) }
        guard binary.depth == 1, let found = pixConnCompBB(binary.pix, 8) else { return nil }
        var boxes: UnsafeMutablePointer<BOXA>? = found
        defer { boxaDestroy(&boxes) }
        let maxHeight = max(12, grey.height / 10)
        var heights: [Int] = []
        for index in 0..<boxaGetCount(found) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(found, index, &x, &y, &w, &h) == 0 else { continue }
            // Keep blobs shaped like words: not specks, rules, borders or logos.
            if h >= 6, h <= maxHeight, 2 * w >= h, w < grey.width * 9 / 10, w <= 40 * h { heights.append(Int(h)) }
        }
        guard heights.count >= 5 else { return nil }
        heights.sort()
        return Double(heights[heights.count / 2])
    }
}
