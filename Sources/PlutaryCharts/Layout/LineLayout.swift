import Foundation
import PlutaryCore

/// Lays out values over time: days along the x axis with month ticks, a value
/// axis with nice ticks around the data, one line with dots per series, and a legend.
public enum LineLayout {
    public static func layout(_ data: LineChartData, in context: ChartLayoutContext) -> ChartLayout {
        let size = context.size, theme = context.theme, pad = ChartLayoutContext.padding
        let series = data.series.filter { !$0.points.isEmpty }
        let all = series.flatMap(\.points)
        guard !all.isEmpty else {
            return .empty(title: data.title, message: tr("No purchases to plot"), size: size, theme: theme)
        }
        let format = ChartValueFormatter(currency: data.currency, locale: context.locale)
        let days = DayFormatter(locale: context.locale)
        var shapes: [ChartShape] = []
        var regions: [ChartHitRegion] = []
        let title = context.title(data.title)
        shapes += title.shapes
        let legend = context.legend(series.map { ($0.title, theme.color($0.colorIndex)) }, bottom: Double(size.height) - pad / 2)
        shapes += legend.shapes

        let values = all.map(\.value)
        let scale = NiceScale(minimum: values.min()!, maximum: values.max()!, tickCount: Self.tickCount(forHeight: legend.top - title.bottom - 32), includeZero: false)
        let tickLabels = scale.ticks.map { format.tick($0, step: scale.step) }
        let axisWidth = (tickLabels.map { context.width($0) }.max() ?? 0) + 8
        let labelHeight = 20.0
        let plot = CGRect(x: pad + axisWidth, y: title.bottom + 6, width: max(10, Double(size.width) - 2 * pad - axisWidth - 8),
                          height: max(10, legend.top - 6 - labelHeight - title.bottom - 6))
        // Each purchase day is read once: a product bought every few days for years has thousands.
        let dayNumbers = series.map { $0.points.map { Self.dayNumber($0.day) } }
        let known = dayNumbers.joined().compactMap { $0 }
        var first = known.min() ?? 0, last = known.max() ?? 0
        if last - first < 30 { first -= 15; last += 15 }
        // A little room at both ends, so the first and last dots clear the axes.
        let margin = (last - first) * 0.03
        first -= margin
        last += margin
        func x(dayNumber: Double?) -> Double {
            Double(plot.minX) + (dayNumber.map { ($0 - first) / (last - first) } ?? 0) * Double(plot.width)
        }
        func x(_ day: String) -> Double { x(dayNumber: Self.dayNumber(day)) }
        func y(_ value: Double) -> Double { Double(plot.maxY) - scale.fraction(value) * Double(plot.height) }

        for (tick, label) in zip(scale.ticks, tickLabels) {
            shapes.append(.line(from: CGPoint(x: plot.minX, y: y(tick)), to: CGPoint(x: plot.maxX, y: y(tick)), color: theme.grid, width: 1))
            shapes.append(.text(ChartText(label, at: CGPoint(x: Double(plot.minX) - 6, y: y(tick)), anchor: .trailing, color: theme.axisText)))
        }
        // Month ticks, every k months so the labels fit.
        let monthFormatter = DateFormatter()
        monthFormatter.locale = context.locale
        monthFormatter.timeZone = TimeZone(identifier: "UTC")
        monthFormatter.setLocalizedDateFormatFromTemplate("MMMyyyy")
        let firstMonth = MonthKey.of(Date(timeIntervalSince1970: first * 86_400))
        let months = MonthKey.months(from: MonthKey.adding(1, to: firstMonth), through: MonthKey.of(Date(timeIntervalSince1970: last * 86_400)))
        let labelWidth = context.width("Sep 2026") + 16
        let perMonth = Double(plot.width) / max(1, (last - first) / 30.44)
        let every = max(1, Int((labelWidth / perMonth).rounded(.up)))
        for (index, month) in months.enumerated() where index % every == 0 {
            let tx = x(month + "-01")
            shapes.append(.line(from: CGPoint(x: tx, y: plot.maxY), to: CGPoint(x: tx, y: Double(plot.maxY) + 4), color: theme.axisText, width: 1))
            if let date = DayFormatter.date(fromISO: month + "-01") {
                shapes.append(.text(ChartText(monthFormatter.string(from: date), at: CGPoint(x: tx, y: Double(plot.maxY) + labelHeight / 2 + 3),
                                              anchor: .center, color: theme.axisText)))
            }
        }
        shapes.append(.line(from: CGPoint(x: plot.minX, y: plot.maxY), to: CGPoint(x: plot.maxX, y: plot.maxY),
                            color: theme.foreground.withAlpha(0.4), width: 1))

        var described: [String] = []
        for (line, lineDays) in zip(series, dayNumbers) {
            let color = theme.color(line.colorIndex)
            let points = zip(line.points, lineDays).map { CGPoint(x: x(dayNumber: $1), y: y($0.value)) }
            // More points than the plot can show apart (a product bought every few days for years:
            // thousands): dots would merge into a band, so the line alone is drawn, as the span it
            // covers in each pixel column, and hovering finds one point every few pixels. Laying out
            // and drawing every point took 80-100 ms of the main thread for 3 000 of them.
            let dense = Double(points.count) > Double(plot.width) / Self.pixelsPerDot
            if dense {
                shapes += Self.columnSpans(points, width: 2).map { .rect($0, color) }
            } else if points.count > 1 {
                shapes.append(.polyline(points, color: color, width: 2))
            }
            var lastHit = -Double.infinity
            for (index, point) in points.enumerated() {
                if dense {
                    guard point.x - lastHit >= Self.pixelsPerDot else { continue }
                    lastHit = point.x
                } else {
                    shapes.append(.dot(center: point, radius: 3, color: color))
                }
                let p = line.points[index]
                regions.append(ChartHitRegion(area: .near(point, radius: 7),
                                              tooltip: "\(line.title), \(days.string(fromISO: p.day)): \(format.amount(p.value))",
                                              target: .point(series: line.title, index: index)))
            }
            let firstPoint = line.points.first!, lastPoint = line.points.last!
            described.append(String(format: tr("%@: %@ on %@ to %@ on %@"), line.title, format.amount(firstPoint.value),
                                    days.string(fromISO: firstPoint.day), format.amount(lastPoint.value), days.string(fromISO: lastPoint.day)))
        }
        return ChartLayout(size: size, shapes: shapes, regions: regions, description: "\(data.title). " + described.joined(separator: "; "))
    }

    /// Dots need this much room each to be told apart.
    static let pixelsPerDot = 4.0

    /// The line through `points` (in x order) as one rectangle per pixel column, from the highest
    /// to the lowest point the line reaches in that column, `width` wide and `width` taller: what
    /// a stroke of that width through thousands of points covers. Cairo stroking the zigzag through each
    /// column's extremes took 5-10 ms of every frame that showed a product bought 15 000 times.
    static func columnSpans(_ points: [CGPoint], width: Double) -> [CGRect] {
        var spans: [(column: Double, top: Double, bottom: Double)] = []
        func cover(_ column: Double, _ y: Double, _ other: Double) {
            let top = min(y, other), bottom = max(y, other)
            if let last = spans.last, last.column == column {
                spans[spans.count - 1] = (column, min(last.top, top), max(last.bottom, bottom))
            } else {
                spans.append((column, top, bottom))
            }
        }
        guard let first = points.first else { return [] }
        cover(first.x.rounded(.down), first.y, first.y)
        for (p, q) in zip(points, points.dropFirst()) {
            let (a, b) = p.x <= q.x ? (p, q) : (q, p)
            var column = a.x.rounded(.down)
            let last = b.x.rounded(.down)
            let slope = b.x > a.x ? (b.y - a.y) / (b.x - a.x) : 0
            // Where the segment enters and leaves each column it crosses.
            while column <= last {
                let enter = max(a.x, column), leave = min(b.x, column + 1)
                cover(column, a.y + (enter - a.x) * slope, b.x > a.x ? a.y + (leave - a.x) * slope : b.y)
                column += 1
            }
        }
        return spans.map { CGRect(x: $0.column + 0.5 - width / 2, y: $0.top - width / 2, width: width, height: $0.bottom - $0.top + width) }
    }

    /// About one tick per 45 points of height, between 3 and 6.
    static func tickCount(forHeight height: Double) -> Int { max(3, min(6, Int(height / 45))) }

    /// Days since 1970 for an ISO day.
    static func dayNumber(_ day: String) -> Double? {
        DayFormatter.date(fromISO: day).map { $0.timeIntervalSince1970 / 86_400 }
    }
}
