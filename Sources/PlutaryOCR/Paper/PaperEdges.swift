import CTesseract

/// Whether a found sheet's four sides lie on real edges: a step from bright paper inside to what
/// it lies on outside, sharp over a few pixels. A region cut off by a shadow across the paper, or
/// by light falling off, has one side along a soft gradient instead; cropping there would lose the
/// receipt's bottom (its total), so such a sheet is not taken and the whole picture is read.
enum PaperEdges {
    /// Points looked at along each side.
    static let samples = 40
    /// How far from the side, inward and outward, the edge is looked for: a bowed sheet's
    /// edge leaves the straight line between its corners by a few pixels at working size.
    static let reach = 5
    /// Half the span a step is measured over: an edge blurred by the camera is a few pixels wide.
    static let span = 2
    /// Share of a side's points that must be on an edge for the side to be one.
    static let sideShare = 0.6

    /// True when all four sides of `quad` (in `grey`'s pixels, 8 bits) are edges of bright paper.
    static func areReal(_ quad: PaperQuad, in grey: LeptImage) -> Bool {
        let corners = quad.corners
        let centre = corners.reduce(SIMD2<Double>(0, 0), +) / 4
        return (0..<4).allSatisfy { side in
            let a = corners[side], b = corners[(side + 1) % 4]
            let along = b - a
            let length = (along * along).sum().squareRoot()
            guard length > 0 else { return false }
            var normal = SIMD2(-along.y, along.x) / length
            if (((a + b) / 2 - centre) * normal).sum() > 0 { normal = -normal }   // pointing into the sheet
            // Corners are rounded and bent: the side's middle 80 % is what is measured.
            let onEdge = (0..<samples).filter { index in
                let point = a + along * (0.1 + 0.8 * Double(index) / Double(samples - 1))
                return isEdge(at: point, inward: normal, in: grey)
            }.count
            return Double(onEdge) >= sideShare * Double(samples)
        }
    }

    /// Whether, somewhere within `reach` of `point` along `inward`, the grey level steps up sharply:
    /// paper at least a tenth brighter than the outside (and by 10 levels) `2 × span` pixels away.
    static func isEdge(at point: SIMD2<Double>, inward: SIMD2<Double>, in grey: LeptImage) -> Bool {
        (-reach...reach).contains { offset in
            guard let inside = level(point + inward * Double(offset + span), grey),
                  let outside = level(point + inward * Double(offset - span), grey) else { return false }
            return inside - outside >= max(10, inside / 10)
        }
    }

    private static func level(_ point: SIMD2<Double>, _ grey: LeptImage) -> Int? {
        let x = Int(point.x.rounded()), y = Int(point.y.rounded())
        guard x >= 0, y >= 0, x < grey.width, y < grey.height else { return nil }
        var value: UInt32 = 0
        pixGetPixel(grey.pix, Int32(x), Int32(y), &value)
        return Int(value)
    }
}
