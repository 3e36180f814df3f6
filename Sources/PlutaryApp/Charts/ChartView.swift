import CGtk
import Foundation
import GtkKit
import PlutaryCharts
import PlutaryCore
import PlutaryPresentation

/// A chart on screen: a drawing area that paints the chart laid out for its size and the
/// theme's text colour with the Cairo painter, shows the value under the pointer as a
/// tooltip, reports clicks, and tells screen readers its title and values.
///
/// Charts are built and laid out off the main thread: laying out a price history of 15 000
/// purchases took 3-4 ms of the frame that first showed it, the two Analytics charts 3 ms, and
/// building that price history (grouping the purchases by store and day) 2-5 ms of each
/// selection. Until the layout for the chart and size shown is in, the area paints the one
/// before (the chart shown before, or this one at its old size), or nothing.
@MainActor
final class ChartView {
    let area: DrawingArea
    /// The chart painted (nil until the first one is built).
    private(set) var chart: Chart?
    /// Which `show` `chart` was built for: laying that one out at another size reuses it.
    private var chartShown = 0
    /// What is shown, and how its chart is built from it (nil before the first `show`).
    private var source: Shown?
    private var build: (@Sendable () -> Chart)? { source?.build }
    /// Called with what was clicked; when set, clickable parts get a hand cursor.
    var onActivate: (@MainActor (ChartTarget) -> Void)?
    /// What the area paints and hit-tests.
    private(set) var layout: ChartLayout?
    /// What `layout` was made for, and what the newest layout asked for is for: a redraw
    /// while it is on its way asks for nothing more.
    private var laidOut: Request?
    private var requested: Request?
    /// Counts the charts shown, so a layout tells which chart it belongs to without comparing them.
    private var shown = 0
    private var described = 0
    private var hovered: ChartHitRegion?
    private let locale = Locale.preferred
    private let layouts = LatestLoad()

    static let measurer = PangoText()

    private struct Request: Equatable {
        let chart: Int
        let size: CGSize?
        let theme: ChartTheme
    }

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

    /// Shows the chart `make` builds from `source` (nil shows nothing): builds and lays it out
    /// off the main thread, for the size the area has (a chart never drawn yet is laid out when
    /// it first is), and tells screen readers what it shows. Showing the same source again does nothing.
    func show<Source: Hashable & Sendable>(_ source: Source?, chart make: @escaping @Sendable (Source) -> Chart) {
        guard self.source?.shows(source) != true else { return }
        shown += 1
        hovered = nil
        area.tooltip = nil
        guard let source else {
            BackgroundRelease.replace(&self.source, with: .nothing)
            layouts.cancel()
            BackgroundRelease.replace(&chart, with: nil)
            BackgroundRelease.replace(&layout, with: nil)
            laidOut = nil
            requested = nil
            area.setAccessibleDescription("")
            area.queueDraw()
            return
        }
        // What was shown before is freed on a queue of its own: a product's price history of
        // 15 000 purchases took 1-4 ms of the main thread to free, in the next selection.
        BackgroundRelease.replace(&self.source, with: .source(source, build: { make(source) }))
        let width = gtk_widget_get_width(area.widget), height = gtk_widget_get_height(area.widget)
        lay(out: width > 0 && height > 0 ? CGSize(width: Double(width), height: Double(height)) : nil, theme: theme)
    }

    /// Asks for the chart built and laid out at `size` (nil: only its description), off the main thread.
    private func lay(out size: CGSize?, theme: ChartTheme) {
        guard let build else { return }
        let request = Request(chart: shown, size: size, theme: theme)
        guard request != requested else { return }
        requested = request
        let describe = described != shown, locale = locale, measurer = Self.measurer
        // Built once per source: a resize lays the same chart out again, it does not regroup its data.
        let built = chartShown == shown ? chart : nil
        layouts.start({
            let chart = built ?? build()
            // The card beside the chart shows its title; the screen reader hears it with the values.
            let drawn = size.map {
                ChartLayoutEngine.layout(chart.withoutTitle, in: ChartLayoutContext(size: $0, theme: theme, measurer: measurer, locale: locale))
            }
            let description = describe
                ? ChartLayoutEngine.layout(chart, in: ChartLayoutContext(size: CGSize(width: 600, height: 300), locale: locale)).description
                : nil
            return (chart, drawn, description)
        }) { [weak self] result in
            guard let self, case .success(let (chart, drawn, description)) = result else { return }
            BackgroundRelease.replace(&self.chart, with: chart)
            chartShown = request.chart
            if let drawn {
                BackgroundRelease.replace(&layout, with: drawn)
                laidOut = request
            }
            if let description {
                area.setAccessibleDescription(description)
                described = request.chart
            }
            area.queueDraw()
        }
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
        guard build != nil else { return }
        let wanted = Request(chart: shown, size: CGSize(width: Double(width), height: Double(height)), theme: theme)
        if laidOut != wanted { lay(out: wanted.size, theme: wanted.theme) }
        if let layout { ChartPainter.paint(layout, into: cr) }
    }

    private func hover(_ point: (x: Double, y: Double)?) {
        let region = point.flatMap { layout?.hit(at: CGPoint(x: $0.x, y: $0.y)) }
        guard region != hovered else { return }
        hovered = region
        area.tooltip = region?.tooltip
        area.setCursor(region != nil && onActivate != nil ? "pointer" : nil)
    }

    /// A source shown, kept to tell whether the next `show` is the same, with its chart's builder;
    /// or nothing (`show(nil)`).
    private enum Shown: Sendable {
        case nothing
        case source(any Hashable & Sendable, build: @Sendable () -> Chart)

        var build: (@Sendable () -> Chart)? {
            if case .source(_, let build) = self { return build }
            return nil
        }

        func shows<Source: Hashable & Sendable>(_ other: Source?) -> Bool {
            switch self {
            case .nothing: other == nil
            case .source(let shown, _): other.map { shown as? Source == $0 } ?? false
            }
        }
    }
}
