import Foundation

/// One thing the painter draws. Layouts are lists of shapes in painting order,
/// so the painter knows nothing about bars or slices and tests can read the geometry.
public enum ChartShape: Hashable, Sendable {
    case rect(CGRect, ChartColor)
    /// A ring sector between two radii, angles in radians clockwise from the x axis (y down).
    case slice(center: CGPoint, inner: Double, outer: Double, start: Double, end: Double, color: ChartColor)
    case line(from: CGPoint, to: CGPoint, color: ChartColor, width: Double)
    case polyline([CGPoint], color: ChartColor, width: Double)
    case dot(center: CGPoint, radius: Double, color: ChartColor)
    case text(ChartText)
}
