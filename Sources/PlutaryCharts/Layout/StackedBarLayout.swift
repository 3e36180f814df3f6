import Foundation
import PlutaryCore

/// Lays out bars stacked by series: a value axis with nice ticks and grid
/// lines, one bar per key with its parts bottom up in series order, thinned
/// labels under the bars, and a legend.
public enum StackedBarLayout {
    public static func layout(_ data: BarChartData, in context: ChartLayoutContext) -> ChartLayout {
        let size = context.size, theme = context.theme, pad = ChartLayoutContext.padding
        guard !data.bars.isEmpty, data.bars.contains(where: { $0.total > 0 }) else {
            return .empty(title: data.title, message: tr("No spending in this period"), size: size, theme: theme)
        }
        let format = ChartValueFormatter(currency: data.currency, locale: context.locale)
        var shapes: [ChartShape] = []
        var regions: [ChartHitRegion] = []
        let title = context.title(data.title)
        shapes += title.shapes
        let used = data.series.indices.filter { index in data.bars.contains { $0.values.indices.contains(index) && $0.values[index] > 0 } }
        let legend = context.legend(used.map { (data.series[$0].title, theme.color(data.series[$0].colorIndex)) },
                                    bottom: Double(size.height) - pad / 2)
        shapes += legend.shapes

        let scale = NiceScale(minimum: 0, maximum: data.bars.map(\.total).max() ?? 0, tickCount: Self.tickCount(forHeight: legend.top - title.bottom - 32))
        let tickLabels = scale.ticks.map { format.tick($0, step: scale.step) }
        let axisWidth = (tickLabels.map { context.width($0) }.max() ?? 0) + 8
        let labelHeight = 20.0
        let plot = CGRect(x: pad + axisWidth, y: title.bottom + 6,
                          width: max(10, Double(size.width) - pad * 2 - axisWidth),
                          height: max(10, legend.top - 6 - labelHeight - title.bottom - 6))
        func y(_ value: Double) -> Double { Double(plot.maxY) - scale.fraction(value) * Double(plot.height) }

        for (tick, label) in zip(scale.ticks, tickLabels) {
            let ty = y(tick)
            shapes.append(.line(from: CGPoint(x: plot.minX, y: ty), to: CGPoint(x: plot.maxX, y: ty), color: theme.grid, width: 1))
            shapes.append(.text(ChartText(label, at: CGPoint(x: Double(plot.minX) - 6, y: ty), anchor: .trailing, color: theme.axisText)))
        }

        let slot = Double(plot.width) / Double(data.bars.count)
        let barWidth = min(48, max(2, slot * 0.68))
        let widestLabel = data.bars.map { context.width($0.label) }.max() ?? 0
        let labelEvery = max(1, Int(((widestLabel + 8) / slot).rounded(.up)))
        for (index, bar) in data.bars.enumerated() {
            let center = Double(plot.minX) + slot * (Double(index) + 0.5)
            let column = CGRect(x: center - slot / 2, y: Double(plot.minY), width: slot, height: Double(plot.height))
            regions.append(ChartHitRegion(area: .rect(column), tooltip: "\(bar.longLabel): \(format.amount(bar.total))",
                                          target: .bar(key: bar.key, series: nil)))
            var base = 0.0
            for (seriesIndex, value) in bar.values.enumerated() where value > 0 && data.series.indices.contains(seriesIndex) {
                let series = data.series[seriesIndex]
                let top = y(base + value), bottom = y(base)
                let rect = CGRect(x: center - barWidth / 2, y: top, width: barWidth, height: bottom - top)
                shapes.append(.rect(rect, theme.color(series.colorIndex)))
                regions.append(ChartHitRegion(area: .rect(rect),
                                              tooltip: "\(series.title), \(bar.longLabel): \(format.amount(value))",
                                              target: .bar(key: bar.key, series: series.key)))
                base += value
            }
            if (data.bars.count - 1 - index) % labelEvery == 0 {
                shapes.append(.text(ChartText(bar.label, at: CGPoint(x: center, y: Double(plot.maxY) + labelHeight / 2 + 2),
                                              anchor: .center, color: theme.axisText)))
            }
        }
        shapes.append(.line(from: CGPoint(x: plot.minX, y: plot.maxY), to: CGPoint(x: plot.maxX, y: plot.maxY),
                            color: theme.foreground.withAlpha(0.4), width: 1))

        let values = data.bars.map { bar -> String in
            let parts = zip(data.series, bar.values).filter { $0.1 > 0 }.map { "\($0.0.title) \(format.amount($0.1))" }
            return parts.isEmpty ? "\(bar.longLabel): \(format.amount(0))"
                : "\(bar.longLabel): \(format.amount(bar.total)) (\(parts.joined(separator: ", ")))"
        }
        return ChartLayout(size: size, shapes: shapes, regions: regions, description: "\(data.title). " + values.joined(separator: "; "))
    }

    /// About one tick per 45 points of height, between 3 and 6.
    static func tickCount(forHeight height: Double) -> Int { max(3, min(6, Int(height / 45))) }
}
