import Foundation

/// A part of a chart the pointer can be over, with what its tooltip says.
public struct ChartHitRegion: Hashable, Sendable {
    public enum Area: Hashable, Sendable {
        case rect(CGRect)
        case sector(center: CGPoint, inner: Double, outer: Double, start: Double, end: Double)
        /// A point with a pick radius.
        case near(CGPoint, radius: Double)
    }

    public let area: Area
    public let tooltip: String
    public let target: ChartTarget

    public init(area: Area, tooltip: String, target: ChartTarget) {
        self.area = area
        self.tooltip = tooltip
        self.target = target
    }

    public func contains(_ point: CGPoint) -> Bool {
        switch area {
        case .rect(let rect):
            return rect.contains(point)
        case .sector(let center, let inner, let outer, let start, let end):
            let dx = point.x - center.x, dy = point.y - center.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance >= inner, distance <= outer else { return false }
            return ChartHitRegion.angle(atan2(dy, dx), isBetween: start, and: end)
        case .near(let center, let radius):
            let dx = point.x - center.x, dy = point.y - center.y
            return dx * dx + dy * dy <= radius * radius
        }
    }

    /// Whether an angle lies on the clockwise sweep from `start` to `end`.
    static func angle(_ angle: Double, isBetween start: Double, and end: Double) -> Bool {
        let full = 2 * Double.pi
        let sweep = end - start
        if sweep >= full { return true }
        var offset = (angle - start).truncatingRemainder(dividingBy: full)
        if offset < 0 { offset += full }
        return offset <= sweep
    }
}
