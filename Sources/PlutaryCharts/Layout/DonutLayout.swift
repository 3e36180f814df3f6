import Foundation
import PlutaryCore

/// Lays out a donut: slices clockwise from twelve o'clock in data order, the
/// total in the hole, and a legend beside it with each part's share.
public enum DonutLayout {
    public static func layout(_ data: DonutChartData, in context: ChartLayoutContext) -> ChartLayout {
        let size = context.size, theme = context.theme, pad = ChartLayoutContext.padding
        let total = data.total
        guard total > 0 else {
            return .empty(title: data.title, message: tr("No spending in this period"), size: size, theme: theme)
        }
        let format = ChartValueFormatter(currency: data.currency, locale: context.locale)
        var shapes: [ChartShape] = []
        var regions: [ChartHitRegion] = []
        let title = context.title(data.title)
        shapes += title.shapes

        let area = CGRect(x: pad, y: title.bottom, width: Double(size.width) - 2 * pad, height: Double(size.height) - title.bottom - pad)
        let diameter = max(20, min(Double(area.height), Double(area.width) * 0.5))
        let outer = diameter / 2, inner = outer * 0.6
        let center = CGPoint(x: Double(area.minX) + outer, y: Double(area.midY))
        let slices = data.slices.filter { $0.value > 0 }
        var angle = -Double.pi / 2
        var described: [String] = []
        for slice in slices {
            let sweep = slice.value / total * 2 * Double.pi
            let share = format.share(slice.value / total)
            shapes.append(.slice(center: center, inner: inner, outer: outer, start: angle, end: angle + sweep, color: theme.color(slice.colorIndex)))
            regions.append(ChartHitRegion(area: .sector(center: center, inner: inner, outer: outer, start: angle, end: angle + sweep),
                                          tooltip: "\(slice.title): \(format.amount(slice.value)) (\(share))", target: .slice(key: slice.key)))
            described.append("\(slice.title) \(share) (\(format.amount(slice.value)))")
            angle += sweep
        }
        shapes.append(.text(ChartText(format.amount(total), at: CGPoint(x: center.x, y: center.y - 7), anchor: .center,
                                      fontSize: 12, bold: true, color: theme.foreground)))
        shapes.append(.text(ChartText(tr("Total"), at: CGPoint(x: center.x, y: center.y + 10), anchor: .center, color: theme.axisText)))

        // Legend: swatch, name, share right-aligned; as many rows as fit.
        let legendX = Double(center.x) + outer + 24
        let legendRight = min(Double(area.maxX), legendX + 16 + (slices.map { context.width($0.title) }.max() ?? 0) + 70)
        let rowHeight = 20.0
        let rows = min(slices.count, max(1, Int(Double(area.height) / rowHeight)))
        var y = Double(area.midY) - Double(rows) * rowHeight / 2 + rowHeight / 2
        for (index, slice) in slices.prefix(rows).enumerated() {
            let isLastShown = index == rows - 1 && rows < slices.count
            let color = theme.color(slice.colorIndex)
            let name = isLastShown ? String(format: tr("%d more"), slices.count - index) : slice.title
            let share = isLastShown ? format.share(slices[index...].reduce(0) { $0 + $1.value } / total) : format.share(slice.value / total)
            shapes.append(.rect(CGRect(x: legendX, y: y - 5, width: 10, height: 10), isLastShown ? theme.neutral : color))
            shapes.append(.text(ChartText(name, at: CGPoint(x: legendX + 16, y: y), color: theme.foreground)))
            shapes.append(.text(ChartText(share, at: CGPoint(x: legendRight, y: y), anchor: .trailing, color: theme.axisText)))
            y += rowHeight
        }
        let description = "\(data.title). " + String(format: tr("Total %@"), format.amount(total)) + ". " + described.joined(separator: "; ")
        return ChartLayout(size: size, shapes: shapes, regions: regions, description: description)
    }
}
