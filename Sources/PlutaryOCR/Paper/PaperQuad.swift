/// Where a receipt's paper lies in a photo: its four corners in source pixels,
/// clockwise from the top left, and the upright rectangle it flattens to.
public struct PaperQuad: Sendable, Equatable, Codable {
    public var topLeft: SIMD2<Double>
    public var topRight: SIMD2<Double>
    public var bottomRight: SIMD2<Double>
    public var bottomLeft: SIMD2<Double>

    public init(topLeft: SIMD2<Double>, topRight: SIMD2<Double>, bottomRight: SIMD2<Double>, bottomLeft: SIMD2<Double>) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    public var corners: [SIMD2<Double>] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The flattened paper's size: its longer opposite sides.
    public var flatSize: (width: Int, height: Int) {
        func length(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        let width = max(length(topLeft, topRight), length(bottomLeft, bottomRight))
        let height = max(length(topLeft, bottomLeft), length(topRight, bottomRight))
        return (Int(width.rounded()), Int(height.rounded()))
    }

    /// The quadrilateral's area (shoelace formula).
    var area: Double {
        let c = corners
        var twice = 0.0
        for i in 0..<4 { twice += c[i].x * c[(i + 1) % 4].y - c[(i + 1) % 4].x * c[i].y }
        return abs(twice) / 2
    }

    /// True when every turn along the corners goes the same way.
    var isConvex: Bool {
        let c = corners
        let turns = (0..<4).map { i -> Double in
            let a = c[(i + 1) % 4] - c[i], b = c[(i + 2) % 4] - c[(i + 1) % 4]
            return a.x * b.y - a.y * b.x
        }
        return turns.allSatisfy { $0 > 0 } || turns.allSatisfy { $0 < 0 }
    }

    /// The same corners in an image `factor` times as large.
    func scaled(by factor: Double) -> PaperQuad {
        PaperQuad(topLeft: topLeft * factor, topRight: topRight * factor, bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor)
    }
}
