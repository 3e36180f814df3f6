import CTesseract
import Foundation

/// Finds a receipt's paper in a photo or a scan: the four corners of the largest
/// bright region or of four long straight edges, whichever sides lie best on the
/// paper's edge, when that is a plausible sheet (paper inside, another surface
/// beyond its sides: no box printed on the paper) that does not already fill the
/// picture. Phone photos (paper on a table, at an angle) and small receipts
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

    /// On an 8-bit grey image of working size: the most convincing of the sheets the picture's
    /// bright region and its straight edges outline, or nil when none is.
    static func find(inGrey grey: LeptImage) -> PaperQuad? {
        guard let plane = GreyPlane(grey) else { return nil }
        let candidates = ([regionQuad(grey)].compactMap { $0 } + lineQuads(grey)).filter { isPlausible($0, in: plane) }
        // A box printed on the receipt can be as straight as its paper's edges: only a sheet, paper
        // inside and another surface beyond each side, is a candidate.
        let scored = candidates.compactMap { quad in score(quad, in: plane).map { (quad: quad, score: $0) } }
            .filter { PaperSurface.isSheet($0.quad, in: plane) }
        guard let best = scored.max(by: { $0.score < $1.score }) else { return nil }
        // A printed box inside the receipt can be as straight as its paper: of the near-best, the
        // largest, when all its sides are seen (the frame's border is no evidence of paper) and it
        // is clearly larger; one a few pixels wider is the same sheet, and the better fit is taken.
        return scored.filter { $0.score >= best.score - nearBest && $0.quad.area > largerBy * best.quad.area && isInside($0.quad, plane) }
            .max { $0.quad.area < $1.quad.area }?.quad ?? best.quad
    }

    /// A sheet's sides, each on an edge over `sideShare` of what the picture shows of it; the mean
    /// share over the sides (nil below `minimumScore`).
    static func score(_ quad: PaperQuad, in plane: GreyPlane) -> Double? {
        // One side may lie out of the picture (the receipt runs past the frame; it is cut there), but
        // a side unseen is no evidence: it counts as half on an edge.
        let sides = PaperEdges.support(of: quad, in: plane).filter { $0.seen >= 0.5 }
        guard sides.count >= 3, sides.allSatisfy({ $0.onEdge >= sideShare && $0.print < printBeyond }) else { return nil }
        let mean = (sides.map(\.onEdge).reduce(0, +) + 0.5 * Double(4 - sides.count)) / 4
        return mean >= minimumScore ? mean : nil
    }

    /// Share of a side's points that must be on the edge: a finger may cover part of it.
    static let sideShare = 0.45
    /// Share of print beyond a side above which the side cuts through the receipt (a crease, a rule).
    static let printBeyond = 0.06
    /// The mean share over the four sides a sheet needs.
    static let minimumScore = 0.7
    /// How far below the best score a larger sheet may be and still be taken.
    static let nearBest = 0.1
    /// How much larger than the best a sheet must be to be another sheet than the best, not the same one.
    static let largerBy = 1.1

    /// Whether the quadrilateral's sides are all off the picture's border.
    static func isInside(_ quad: PaperQuad, _ plane: GreyPlane) -> Bool {
        PaperEdges.support(of: quad, in: plane).allSatisfy { $0.seen >= 0.5 }
    }

    /// A quadrilateral that could be a receipt photographed whole: convex, corners at most a little
    /// out of the frame, neither tiny nor the whole picture, not a sliver.
    static func isPlausible(_ quad: PaperQuad, in plane: GreyPlane) -> Bool {
        let (width, height) = (Double(plane.width), Double(plane.height))
        let margin = 0.05 * max(width, height)
        guard quad.isConvex, quad.corners.allSatisfy({ $0.x >= -margin && $0.y >= -margin && $0.x <= width + margin && $0.y <= height + margin })
        else { return false }
        let share = quad.area / (width * height)
        let size = quad.flatSize
        let shortest = Double(min(size.width, size.height)), longest = Double(max(size.width, size.height))
        return share >= minimumShare && share < croppedShare && shortest >= 0.04 * max(width, height) && shortest / longest >= 0.06
    }

    /// The corners of the largest bright region (Otsu's level over the whole picture parts paper
    /// from what it lies on), when it fills them like a sheet.
    static func regionQuad(_ grey: LeptImage) -> PaperQuad? {
        let width = grey.width, height = grey.height
        var dark: UnsafeMutablePointer<PIX>?
        guard pixOtsuAdaptiveThreshold(grey.pix, Int32(width), Int32(height), 0, 0, 0, nil, &dark) == 0,
              let bright = LeptImage(owning: pixInvert(nil, dark)) else { return nil }
        pixDestroy(&dark)
        // Closing fills the print; opening cuts thin bright bridges to the background.
        let side = Int32(max(3, Int(Double(max(width, height)) / 80) | 1))
        let sheet = bright.map { pixCloseBrick(nil, $0, side, side) }.map { pixOpenBrick(nil, $0, 3, 3) }
        guard let region = largestRegion(sheet), Double(region.count) >= minimumShare * Double(width * height) else { return nil }
        let quad = corners(of: region)
        return fillRange.contains(Double(region.count) / max(1, quad.area)) ? quad : nil
    }

    /// Sheets bounded by two pairs of the picture's straight edges, each pair roughly opposite
    /// (at most 30 degrees apart: perspective narrows the far side) and the pairs roughly across.
    static func lineQuads(_ grey: LeptImage) -> [PaperQuad] {
        let lines = PaperLines.find(in: grey)
        let least = 0.04 * Double(max(grey.width, grey.height))
        let centre = SIMD2(Double(grey.width), Double(grey.height)) / 2
        var pairs: [(PaperLine, PaperLine)] = []
        for i in lines.indices {
            for j in lines.indices where j > i && lines[i].turn(to: lines[j]) <= 30 {
                // Apart by a sheet's width where they pass the picture's centre.
                func distance(_ line: PaperLine) -> Double { (line.normal * centre).sum() - line.rho }
                let facing = (lines[i].normal * lines[j].normal).sum() >= 0 ? 1.0 : -1.0
                let apart = abs(distance(lines[i]) * facing - distance(lines[j]))
                if apart >= least { pairs.append((lines[i], lines[j])) }
            }
        }
        var quads: [PaperQuad] = []
        for p in pairs.indices {
            for q in pairs.indices where q > p {
                let (a1, a2) = pairs[p], (b1, b2) = pairs[q]
                guard a1.turn(to: b1) >= 50, a1.turn(to: b2) >= 50, a2.turn(to: b1) >= 50, a2.turn(to: b2) >= 50,
                      let c1 = a1.crossing(b1), let c2 = a1.crossing(b2), let c3 = a2.crossing(b2), let c4 = a2.crossing(b1)
                else { continue }
                quads.append(ordered([c1, c2, c3, c4]))
            }
        }
        return quads
    }

    /// Four corners of a convex shape, clockwise (on screen) from the top left: the one with the smallest x + y.
    static func ordered(_ points: [SIMD2<Double>]) -> PaperQuad {
        let centre = points.reduce(SIMD2<Double>(0, 0), +) / 4
        var around = points.sorted { atan2($0.y - centre.y, $0.x - centre.x) < atan2($1.y - centre.y, $1.x - centre.x) }
        let first = around.indices.min { around[$0].x + around[$0].y < around[$1].x + around[$1].y }!
        around = Array(around[first...] + around[..<first])
        return PaperQuad(topLeft: around[0], topRight: around[1], bottomRight: around[2], bottomLeft: around[3])
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
