import Foundation

/// A straight line in the picture, x·cos θ + y·sin θ = ρ, with the edge pixels that voted for it.
struct PaperLine {
    /// The normal's angle in degrees, 0 ..< 180.
    let angle: Double
    let rho: Double
    let votes: Int

    var normal: SIMD2<Double> { SIMD2(cos(angle * .pi / 180), sin(angle * .pi / 180)) }

    /// How far apart two lines' directions are, in degrees (0 … 90).
    func turn(to other: PaperLine) -> Double {
        let difference = abs(angle - other.angle).truncatingRemainder(dividingBy: 180)
        return min(difference, 180 - difference)
    }

    /// Where two lines cross; nil when they are (nearly) parallel.
    func crossing(_ other: PaperLine) -> SIMD2<Double>? {
        let a = normal, b = other.normal
        let determinant = a.x * b.y - a.y * b.x
        guard abs(determinant) > 1e-3 else { return nil }
        return SIMD2((rho * b.y - other.rho * a.y) / determinant, (a.x * other.rho - b.x * rho) / determinant)
    }
}
