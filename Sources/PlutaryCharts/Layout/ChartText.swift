import Foundation

/// A line of text in a chart, anchored at a point.
public struct ChartText: Hashable, Sendable {
    public enum Anchor: Hashable, Sendable {
        /// `point` is the left, centre or right end of the text's vertical middle.
        case leading, center, trailing
    }

    public let string: String
    public let point: CGPoint
    public let anchor: Anchor
    public let fontSize: Double
    public let bold: Bool
    public let color: ChartColor

    public init(_ string: String, at point: CGPoint, anchor: Anchor = .leading, fontSize: Double = 11, bold: Bool = false, color: ChartColor) {
        self.string = string
        self.point = point
        self.anchor = anchor
        self.fontSize = fontSize
        self.bold = bold
        self.color = color
    }
}
