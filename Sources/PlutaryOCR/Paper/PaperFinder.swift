import CTesseract

/// Finds a receipt's paper in a photo or a scan: the largest bright region,
/// its four corners, when it is a plausible sheet that does not already fill
/// the picture. Phone photos (paper on a table, at an angle) and small receipts
/// on a dark scanner page are found; a tightly cropped scan gives nil and passes
/// through unchanged.
enum PaperFinder {
    /// The side the photo is shrunk to before looking: the outline needs no more.
    static let workingSide = 640.0
    /// Paper smaller than this share of the picture is not taken for the receipt.
    static let minimumShare = 0.04
    /// A sheet covering more than this share is the picture itself: nothing to crop.
    static let croppedShare = 0.85
    /// How much of its quadrilateral the region must fill to be a sheet of paper.
    static let fillRange = 0.82...1.15

    static func find(in image: LeptImage) -> PaperQuad? {
        let factor = min(1, workingSide / Double(max(image.width, image.height)))
        let small = image.map { pixRemoveAlpha($0) }.map { pixConvertTo8($0, 0) }
            .map { pixScale($0, Float(factor), Float(factor)) }
        guard small.depth == 8, small.width > 16, small.height > 16 else { return nil }
        guard let quad = find(inGrey: small) else { return nil }
        return quad.scaled(by: 1 / factor)
    }

    /// On an 8-bit grey image of working size.
    static func find(inGrey grey: LeptImage) -> PaperQuad? {
        let width = grey.width, height = grey.height
        // Otsu's level over the whole picture parts paper from what it lies on; 1 = dark.
        var dark: UnsafeMutablePointer<PIX>?
        guard pixOtsuAdaptiveThreshold(grey.pix, Int32(width), Int32(height), 0, 0, 0, nil, &dark) == 0,
              let bright = LeptImage(owning: pixInvert(nil, dark)) else { return nil }
        pixDestroy(&dark)
        // Closing fills the print; opening cuts thin bright bridges to the background.
        let side = Int32(max(3, Int(Double(max(width, height)) / 80) | 1))
        let sheet = bright.map { pixCloseBrick(nil, $0, side, side) }.map { pixOpenBrick(nil, $0, 3, 3) }
        guard let region = largestRegion(sheet) else { return nil }
        let share = Double(region.count) / Double(width * height)
        guard share >= minimumShare else { return nil }
        let quad = corners(of: region)
        guard quad.isConvex, fillRange.contains(Double(region.count) / max(1, quad.area)),
              quad.area < croppedShare * Double(width * height), PaperEdges.areReal(quad, in: grey) else { return nil }
        return quad
    }

    /// The pixels of the largest 4-connected region, as (x, y) in the image.
    private static func largestRegion(_ mask: LeptImage) -> [SIMD2<Int>]? {
        var pieces: UnsafeMutablePointer<PIXA>?
        var boxes: UnsafeMutablePointer<BOXA>? = pixConnComp(mask.pix, &pieces, 4)
        guard boxes != nil else { return nil }
        defer { boxaDestroy(&boxes); pixaDestroy(&pieces) }
        let count = pixaGetCount(pieces)
        var best: (index: Int32, pixels: Int32) = (-1, 0)
        for index in 0..<count {
            guard let piece = pixaGetPix(pieces, index, Int32(L_CLONE)) else { continue }
            var pixels: Int32 = 0
            pixCountPixels(piece, &pixels, nil)
            var clone: UnsafeMutablePointer<PIX>? = piece
            pixDestroy(&clone)
            if pixels > best.pixels { best = (index, pixels) }
        }
        guard best.index >= 0, let piece = pixaGetPix(pieces, best.index, Int32(L_CLONE)) else { return nil }
        var clone: UnsafeMutablePointer<PIX>? = piece
        defer { pixDestroy(&clone) }
        var x: Int32 = 0, y: Int32 = 0
        pixaGetBoxGeometry(pieces, best.index, &x, &y, nil, nil)
        var region: [SIMD2<Int>] = []
        region.reserveCapacity(Int(best.pixels))
        for row in 0..<pixGetHeight(piece) {
            for column in 0..<pixGetWidth(piece) {
                var value: UInt32 = 0
                pixGetPixel(piece, column, row, &value)
                if value != 0 { region.append(SIMD2(Int(x + column), Int(y + row))) }
            }
        }
        return region
    }

    /// The corners of a sheet held less than about 40° from upright: the extreme
    /// points along the two diagonals.
    static func corners(of region: [SIMD2<Int>]) -> PaperQuad {
        var topLeft = region[0], topRight = region[0], bottomRight = region[0], bottomLeft = region[0]
        for p in region {
            if p.x + p.y < topLeft.x + topLeft.y { topLeft = p }
            if p.x + p.y > bottomRight.x + bottomRight.y { bottomRight = p }
            if p.x - p.y > topRight.x - topRight.y { topRight = p }
            if p.x - p.y < bottomLeft.x - bottomLeft.y { bottomLeft = p }
        }
        func point(_ p: SIMD2<Int>) -> SIMD2<Double> { SIMD2(Double(p.x), Double(p.y)) }
        return PaperQuad(topLeft: point(topLeft), topRight: point(topRight), bottomRight: point(bottomRight), bottomLeft: point(bottomLeft))
    }
}
