import Foundation

/// A chart laid out for one size: what to draw, where the pointer can land,
/// and what a screen reader says about it.
public struct ChartLayout: Hashable, Sendable {
    public let size: CGSize
    public let shapes: [ChartShape]
    /// Later regions lie on top of earlier ones.
    public let regions: [ChartHitRegion]
    /// The title and the values, in words.
    public let description: String
    /// Set when there is nothing to plot; the shapes then show this message.
    public let emptyMessage: String?

    public init(size: CGSize, shapes: [ChartShape], regions: [ChartHitRegion], description: String, emptyMessage: String? = nil) {
        self.size = size
        self.shapes = shapes
        self.regions = regions
        self.description = description
        self.emptyMessage = emptyMessage
    }

    /// The region under a point, topmost first.
    public func hit(at point: CGPoint) -> ChartHitRegion? {
        regions.last { $0.contains(point) }
    }

    /// The layout of a chart with nothing to show: its title and a centred message.
    static func empty(title: String, message: String, size: CGSize, theme: ChartTheme) -> ChartLayout {
        var shapes: [ChartShape] = []
        if !title.isEmpty {
            shapes.append(.text(ChartText(title, at: CGPoint(x: 12, y: 16), fontSize: 13, bold: true, color: theme.foreground)))
        }
        shapes.append(.text(ChartText(message, at: CGPoint(x: size.width / 2, y: size.height / 2), anchor: .center,
                                      fontSize: 12, color: theme.axisText)))
        return ChartLayout(size: size, shapes: shapes, regions: [], description: title.isEmpty ? message : "\(title). \(message)",
                           emptyMessage: message)
    }
}
