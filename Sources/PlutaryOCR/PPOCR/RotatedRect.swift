import Foundation

/// A rectangle at any angle: what the detector's post-processing fits around each blob of text
/// pixels (the smallest such rectangle, as OpenCV's minAreaRect does for PaddleOCR).
struct RotatedRect: Equatable, Sendable {
    var center: SIMD2<Double>
    /// Side along `angle`, and the side across it.
    var width: Double
    var height: Double
    /// Radians, clockwise positive, within (-π/4, π/4]: the side nearer the horizontal is the width.
    var angle: Double

    var area: Double { width * height }
    var perimeter: Double { 2 * (width + height) }

    /// Grown by `distance` on every side. The rectangle around the rounded offset PaddleOCR's
    /// unclip makes (a polygon offset with round joins) is exactly this.
    func expanded(by distance: Double) -> RotatedRect {
        RotatedRect(center: center, width: width + 2 * distance, height: height + 2 * distance, angle: angle)
    }

    var quad: TextQuad {
        let along = SIMD2(cos(angle), sin(angle)) * (width / 2)
        let across = SIMD2(-sin(angle), cos(angle)) * (height / 2)
        return TextQuad(topLeft: center - along - across, topRight: center + along - across,
                        bottomRight: center + along + across, bottomLeft: center - along + across)
    }

    /// The smallest-area rectangle holding every point (rotating calipers over the convex hull:
    /// the best rectangle has a side on a hull edge); nil without points.
    static func enclosing(_ points: [SIMD2<Double>]) -> RotatedRect? {
        let hull = convexHull(points)
        guard let first = hull.first else { return nil }
        guard hull.count > 1 else { return RotatedRect(center: first, width: 0, height: 0, angle: 0) }
        var best: RotatedRect?
        for index in hull.indices {
            let edge = hull[(index + 1) % hull.count] - hull[index]
            let length = (edge * edge).sum().squareRoot()
            guard length > 0 else { continue }
            let u = edge / length, v = SIMD2(-u.y, u.x)
            var (minU, maxU, minV, maxV) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for p in hull {
                let (a, b) = ((p * u).sum(), (p * v).sum())
                minU = min(minU, a); maxU = max(maxU, a); minV = min(minV, b); maxV = max(maxV, b)
            }
            let area = (maxU - minU) * (maxV - minV)
            if best == nil || area < best!.area - 1e-9 {
                let center = u * ((minU + maxU) / 2) + v * ((minV + maxV) / 2)
                best = normalized(center: center, width: maxU - minU, height: maxV - minV, angle: atan2(u.y, u.x))
            }
        }
        return best
    }

    /// The same rectangle described with its angle in (-π/4, π/4], swapping the sides as needed.
    private static func normalized(center: SIMD2<Double>, width: Double, height: Double, angle: Double) -> RotatedRect {
        var (w, h, a) = (width, height, angle)
        // Turning by a quarter swaps the sides; by a half changes nothing.
        while a > .pi / 4 { a -= .pi / 2; swap(&w, &h) }
        while a <= -.pi / 4 { a += .pi / 2; swap(&w, &h) }
        return RotatedRect(center: center, width: w, height: h, angle: a)
    }

    /// Andrew's monotone chain; counter-clockwise in image coordinates, without collinear points.
    static func convexHull(_ points: [SIMD2<Double>]) -> [SIMD2<Double>] {
        // Repeated points drop out below: they make no left turn.
        let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        var lower: [SIMD2<Double>] = [], upper: [SIMD2<Double>] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
