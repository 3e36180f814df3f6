import Foundation
import PlutaryCore

/// What every layout needs besides its data: the size, the colours, how text
/// measures and how values are written.
public struct ChartLayoutContext: Sendable {
    public let size: CGSize
    public let theme: ChartTheme
    public let measurer: any TextMeasuring
    public let locale: Locale

    public init(size: CGSize, theme: ChartTheme = .light, measurer: any TextMeasuring = ApproximateTextMeasurer(), locale: Locale = .preferred) {
        self.size = size
        self.theme = theme
        self.measurer = measurer
        self.locale = locale
    }

    static let padding = 12.0
    static let titleSize = 13.0
    static let labelSize = 11.0

    func width(_ text: String, _ fontSize: Double = labelSize, bold: Bool = false) -> Double {
        Double(measurer.size(of: text, fontSize: fontSize, bold: bold).width)
    }

    /// The title's shape and the y where the plot may start.
    func title(_ text: String) -> (shapes: [ChartShape], bottom: Double) {
        guard !text.isEmpty else { return ([], Self.padding) }
        let shape = ChartShape.text(ChartText(text, at: CGPoint(x: Self.padding, y: Self.padding + 8), fontSize: Self.titleSize,
                                              bold: true, color: theme.foreground))
        return ([shape], Self.padding + 26)
    }

    /// Legend entries (swatch and name) flowed into rows across the width,
    /// bottom-aligned at `bottom`; returns the shapes and the top of the legend.
    func legend(_ entries: [(title: String, color: ChartColor)], bottom: Double) -> (shapes: [ChartShape], top: Double) {
        guard !entries.isEmpty else { return ([], bottom) }
        let rowHeight = 18.0, swatch = 10.0, gap = 16.0
        var rows: [[(String, ChartColor, Double)]] = [[]]
        var x = Self.padding
        for entry in entries {
            let width = swatch + 6 + self.width(entry.title)
            if x + width > Double(size.width) - Self.padding, !rows[rows.count - 1].isEmpty {
                rows.append([])
                x = Self.padding
            }
            rows[rows.count - 1].append((entry.title, entry.color, x))
            x += width + gap
        }
        let top = bottom - Double(rows.count) * rowHeight
        var shapes: [ChartShape] = []
        for (row, items) in rows.enumerated() {
            let y = top + Double(row) * rowHeight + rowHeight / 2
            for (title, color, x) in items {
                shapes.append(.rect(CGRect(x: x, y: y - swatch / 2, width: swatch, height: swatch), color))
                shapes.append(.text(ChartText(title, at: CGPoint(x: x + swatch + 6, y: y), color: theme.axisText)))
            }
        }
        return (shapes, top)
    }
}
