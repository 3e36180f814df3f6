import CGtk
import Foundation
import GtkKit
import PlutaryCharts

/// A sparkline in a list row: a small drawing area whose values change as the
/// row is rebound to another product.
@MainActor
final class SparklineCell {
    let area: DrawingArea
    var values: [Double] = [] {
        didSet { if values != oldValue { area.queueDraw() } }
    }

    init() {
        area = DrawingArea()
        area.setContentSize(width: 56, height: 20)
        area.setDraw { [weak self] cr, width, height in
            guard let self else { return }
            let fg = self.area.foregroundColor
            let theme = ChartTheme(foreground: ChartColor(red: fg.red, green: fg.green, blue: fg.blue), background: ChartTheme.light.background)
            let layout = SparklineLayout.layout(SparklineData(values: self.values),
                                                in: ChartLayoutContext(size: CGSize(width: Double(width), height: Double(height)), theme: theme))
            ChartPainter.paint(layout, into: cr)
        }
    }
}
