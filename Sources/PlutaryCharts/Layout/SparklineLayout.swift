import Foundation
import PlutaryCore

/// Lays out a sparkline: the values spread across the width and scaled to the
/// height, with a dot on the latest one. Fewer than two values draw nothing.
public enum SparklineLayout {
    public static func layout(_ data: SparklineData, in context: ChartLayoutContext) -> ChartLayout {
        let size = context.size, theme = context.theme
        guard data.values.count >= 2, let low = data.values.min(), let high = data.values.max() else {
            return ChartLayout(size: size, shapes: [], regions: [], description: tr("No price trend yet"), emptyMessage: "")
        }
        let inset = 3.0
        let width = Double(size.width) - 2 * inset, height = Double(size.height) - 2 * inset
        let points = data.values.enumerated().map { index, value in
            CGPoint(x: inset + width * Double(index) / Double(data.values.count - 1),
                    y: high == low ? inset + height / 2 : inset + height * (1 - (value - low) / (high - low)))
        }
        let color = theme.color(0)
        let first = data.values.first!, last = data.values.last!
        let change = first == 0 ? 0 : (last - first) / first
        let description = String(format: tr("Price trend over %d months: %+.1f %%"), data.values.count, change * 100)
        return ChartLayout(size: size, shapes: [.polyline(points, color: color, width: 1.5), .dot(center: points.last!, radius: 2.5, color: color)],
                           regions: [], description: description)
    }
}
