import Foundation

/// The direction of the text lines across a page, as a plane: slope = a + b·x + c·y. A bowed
/// receipt's lines turn steadily from one side to the other, and perspective fans them out from
/// top to bottom; both are close to linear in position. Fitted by least squares to the slopes of
/// the long text regions, once more without those far off the first fit (a stamp, a logo at an
/// angle), so one region's noisy angle does not decide where a line runs.
struct SlopeField {
    private let a: Double, b: Double, c: Double

    /// Nil with fewer than `minimumRegions` samples: too few to tell a curve from noise.
    init?(_ samples: [(x: Double, y: Double, slope: Double)], minimumRegions: Int = 8) {
        guard samples.count >= minimumRegions else { return nil }
        let first = Self.fit(samples)
        let residuals = samples.map { abs($0.slope - (first.a + first.b * $0.x + first.c * $0.y)) }
        let spread = max(residuals.sorted()[residuals.count / 2] * 3, 0.005)
        let kept = zip(samples, residuals).filter { $0.1 <= spread }.map(\.0)
        let final = kept.count >= minimumRegions ? Self.fit(kept) : first
        (a, b, c) = (final.a, final.b, final.c)
    }

    func slope(x: Double, y: Double) -> Double {
        a + b * x + c * y
    }

    private typealias Plane = (a: Double, b: Double, c: Double)

    /// Least squares on coordinates centred on their means (the normal equations stay well
    /// conditioned at page scale); regions all on one line or one column fit the direction they vary in.
    private static func fit(_ samples: [(x: Double, y: Double, slope: Double)]) -> Plane {
        let n = Double(samples.count)
        let mx = samples.map(\.x).reduce(0, +) / n, my = samples.map(\.y).reduce(0, +) / n
        let ms = samples.map(\.slope).reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sxs = 0.0, sys = 0.0
        for sample in samples {
            let (dx, dy, ds) = (sample.x - mx, sample.y - my, sample.slope - ms)
            sxx += dx * dx; sxy += dx * dy; syy += dy * dy; sxs += dx * ds; sys += dy * ds
        }
        let determinant = sxx * syy - sxy * sxy
        var b = 0.0, c = 0.0
        if determinant > 1e-9 * max(sxx * syy, 1) {
            b = (sxs * syy - sys * sxy) / determinant
            c = (sys * sxx - sxs * sxy) / determinant
        } else if syy > 0 {
            c = sys / syy   // one column of regions: the slope can only vary down the page
        } else if sxx > 0 {
            b = sxs / sxx
        }
        return (ms - b * mx - c * my, b, c)
    }
}
