import CGtk
import Foundation
import GtkKit
import PlutaryCharts
import PlutaryCore

/// A chart on screen: a drawing area that lays the chart out for its size and
/// the theme's text colour, paints it with the Cairo painter, shows the value
/// under the pointer as a tooltip, reports clicks, and tells screen readers
/// its title and values.
@MainActor
final class ChartView {
    let area: DrawingArea
    private(set) var chart: Chart?
    /// Called with what was clicked; when set, clickable parts get a hand cursor.
    var onActivate: (@MainActor (ChartTarget) -> Void)?
    private var layout: ChartLayout?
    private var hovered: ChartHitRegion?
    private let locale = Locale.preferred

    static let measurer = PangoText()

    init(accessibleLabel: String, width: Int32 = 200, height: Int32) {
        area = DrawingArea()
        area.setContentSize(width: width, height: height)
        area.expand(horizontally: true, vertically: false)
        area.setAccessibleLabel(accessibleLabel)
        area.setDraw { [weak self] cr, width, height in self?.draw(cr, width: width, height: height) }
        area.onHover { [weak self] point in self?.hover(point) }
        area.onClick { [weak self] x, y, _ in
            guard let self, let region = self.layout?.hit(at: CGPoint(x: x, y: y)) else { return }
            self.onActivate?(region.target)
        }
    }

    /// Shows another chart (nil shows nothing); redraws and updates what screen readers say.
    func show(_ chart: Chart?) {
        guard chart != self.chart else { return }
        self.chart = chart
        layout = nil
        hovered = nil
        area.tooltip = nil
        if let chart {
            let described = ChartLayoutEngine.layout(chart, in: ChartLayoutContext(size: CGSize(width: 600, height: 300), locale: locale))
            area.setAccessibleDescription(described.description)
        } else {
            area.setAccessibleDescription("")
        }
        area.queueDraw()
    }

    /// The theme's text colour decides the chart's; a dark theme gets the light-on-dark palette.
    private var theme: ChartTheme {
        let fg = area.foregroundColor
        let foreground = ChartColor(red: fg.red, green: fg.green, blue: fg.blue, alpha: fg.alpha)
        return foreground.luminance > 0.5
            ? ChartTheme(foreground: foreground, background: ChartTheme.dark.background)
            : ChartTheme(foreground: foreground, background: ChartTheme.light.background)
    }

    private func draw(_ cr: OpaquePointer, width: Int32, height: Int32) {
        guard let chart else { return }
        let size = CGSize(width: Double(width), height: Double(height))
        let theme = self.theme
        if layout?.size != size || layoutTheme != theme {
            // The card beside the chart shows its title.
            layout = ChartLayoutEngine.layout(chart.withoutTitle,
                                              in: ChartLayoutContext(size: size, theme: theme, measurer: Self.measurer, locale: locale))
            layoutTheme = theme
        }
        if let layout { ChartPainter.paint(layout, into: cr) }
    }

    private var layoutTheme: ChartTheme?

    private func hover(_ point: (x: Double, y: Double)?) {
        let region = point.flatMap { layout?.hit(at: CGPoint(x: $0.x, y: $0.y)) }
        guard region != hovered else { return }
        hovered = region
        area.tooltip = region?.tooltip
        area.setCursor(region != nil && onActivate != nil ? "pointer" : nil)
    }
}
