/// One side of a `PaperQuad` as the paper finder measures it: where it starts, where it runs, and the
/// unit normal pointing into the quadrilateral.
struct PaperSide {
    let start: SIMD2<Double>
    let along: SIMD2<Double>
    let inward: SIMD2<Double>

    /// The quadrilateral's sides, top, right, bottom, left from its first corner; nil for a side of no length.
    static func sides(of quad: PaperQuad) -> [PaperSide?] {
        let corners = quad.corners
        let centre = corners.reduce(SIMD2<Double>(0, 0), +) / 4
        return (0..<4).map { index in
            let a = corners[index], b = corners[(index + 1) % 4]
            let along = b - a
            let length = (along * along).sum().squareRoot()
            guard length > 0 else { return nil }
            var normal = SIMD2(-along.y, along.x) / length
            if (((a + b) / 2 - centre) * normal).sum() > 0 { normal = -normal }
            return PaperSide(start: a, along: along, inward: normal)
        }
    }

    /// The `index`th of `count` points spread over the side's middle 80 %: corners are rounded and bent.
    func point(_ index: Int, of count: Int) -> SIMD2<Double> {
        start + along * (0.1 + 0.8 * Double(index) / Double(count - 1))
    }
}
