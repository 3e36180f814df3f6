/// Whether a quadrilateral outlines a sheet of paper or a box printed on one. A box's rules can be
/// as straight and as sharp as a sheet's edges (a logo's frame, a tax summary's box, a test page's
/// grid), but a printed box has the same paper on both sides of its rules, while beyond a sheet's
/// side lies another surface: a darker or a brighter table, or the frame's end. And inside a sheet
/// is paper: mostly its own level, with print on it but not covered by ink.
enum PaperSurface {
    /// Pixels off a side where the surfaces either side of it are looked at: past the edge's blur
    /// and a printed rule's width, within a line or two of print.
    static let band = 4...14
    /// Points looked at along each side (its middle 80 %).
    static let samples = 30
    /// A band's surface level: the level this share of its pixels lie below, so print, covering
    /// less of it, does not darken it.
    static let surfaceRank = 0.8
    /// Grey levels by which the surfaces inside and beyond every side seen must differ: either side
    /// of a printed box's rules the same paper lies, 5 or 6 levels apart on the dev scans (a scan's
    /// shading), while a receipt on a white table or sheet is 14 or more levels off it on the tuning photos.
    static let minimumDifference = 10.0
    /// Share of a side's band beyond it that must be in the picture for the side to be compared;
    /// with less, the side lies at the frame's end, beyond which nothing is seen.
    static let minimumInFrame = 0.4
    /// Sides that must be compared so (the others lie at the frame's end).
    static let minimumCompared = 2
    /// Ink inside a sheet: levels below half its paper's level, and the most of its area they may
    /// cover (print covers a receipt sparsely; a filled logo box or a checkered test page is half ink or more).
    static let inkLevel = 0.5
    static let maximumInk = 0.3
    /// Print inside a sheet: levels a tenth below its paper's, and the least of its area they must
    /// cover (a receipt is printed; a blank square of a test page's grid is not).
    static let printLevel = 0.9
    static let minimumPrint = 0.05

    /// True when the quadrilateral's inside is printed paper reaching to its sides, and every side
    /// of it seen in the picture parts that paper from one other surface (a sheet lies on one table;
    /// a scan's header that is darker above a box's rule and its white margin beyond the box's
    /// other side are no surface).
    static func isSheet(_ quad: PaperQuad, in plane: GreyPlane) -> Bool {
        let inside = levels(inside: quad, of: plane)
        guard let paper = rank(inside), paper > 0 else { return false }
        func share(below fraction: Double) -> Double {
            Double(inside.filter { Double($0) < fraction * paper }.count) / Double(inside.count)
        }
        guard share(below: inkLevel) <= maximumInk, share(below: printLevel) >= minimumPrint else { return false }
        let sides = sides(of: quad, in: plane)
        // The paper reaches every side: no band of ink or of what the sheet lies on inside it.
        guard sides.allSatisfy({ $0.inside >= inkLevel * paper }) else { return false }
        // One surface beyond: darker than the paper along every side seen, or brighter along every one.
        // At least two sides seen against it: one rule across a scan, the frame's end along the
        // other three, is no evidence of a sheet.
        let steps = sides.compactMap { side in side.beyond.map { $0 - side.inside } }
        return steps.count >= minimumCompared && steps.allSatisfy { abs($0) >= minimumDifference } && (steps.allSatisfy { $0 < 0 } || steps.allSatisfy { $0 > 0 })
    }

    /// Per side (top, right, bottom, left from `quad`'s first corner): the surface's level in the
    /// band just inside it and in the band just beyond it, nil when that band is out of the frame.
    static func sides(of quad: PaperQuad, in plane: GreyPlane) -> [(inside: Double, beyond: Double?)] {
        PaperSide.sides(of: quad).map { side in
            guard let side else { return (0, nil) }
            let normal = side.inward
            var inside: [Int] = [], beyond: [Int] = [], looked = 0
            for index in 0..<samples {
                let point = side.point(index, of: samples)
                for offset in band {
                    looked += 1
                    if let level = plane.level(point + normal * Double(offset)) { inside.append(level) }
                    if let level = plane.level(point - normal * Double(offset)) { beyond.append(level) }
                }
            }
            let seen = Double(beyond.count) >= minimumInFrame * Double(looked)
            return (rank(inside) ?? 0, seen ? rank(beyond) : nil)
        }
    }

    /// The levels at 40 × 40 points spread over the quadrilateral's inside, clear of its sides.
    static func levels(inside quad: PaperQuad, of plane: GreyPlane) -> [Int] {
        let c = quad.corners
        let steps = 40
        var levels: [Int] = []
        levels.reserveCapacity(steps * steps)
        for i in 0..<steps {
            for j in 0..<steps {
                let u = 0.05 + 0.9 * Double(i) / Double(steps - 1), v = 0.05 + 0.9 * Double(j) / Double(steps - 1)
                let top = c[0] + (c[1] - c[0]) * u, bottom = c[3] + (c[2] - c[3]) * u
                if let level = plane.level(top + (bottom - top) * v) { levels.append(level) }
            }
        }
        return levels
    }

    /// The level `surfaceRank` of the way up the levels.
    private static func rank(_ levels: [Int]) -> Double? {
        guard !levels.isEmpty else { return nil }
        let sorted = levels.sorted()
        return Double(sorted[min(sorted.count - 1, Int(surfaceRank * Double(sorted.count)))])
    }
}
