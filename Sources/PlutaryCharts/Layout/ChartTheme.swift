/// The colours a chart is drawn in. On screen the foreground comes from the
/// widget's style (so light and dark themes both read well); files use `light`.
public struct ChartTheme: Hashable, Sendable {
    public let foreground: ChartColor
    /// Filled behind the chart in files; on screen the window shows through.
    public let background: ChartColor
    public let palette: [ChartColor]
    /// For "taxes and other" and similar catch-all parts.
    public let neutral: ChartColor

    public init(foreground: ChartColor, background: ChartColor) {
        self.foreground = foreground
        self.background = background
        let dark = foreground.luminance > 0.5
        // GNOME's palette: the 3 shade on light backgrounds, the 2 shade on dark ones.
        palette = (dark
            ? ["#62a0ea", "#57e389", "#f8e45c", "#ffa348", "#ed333b", "#c061cb", "#b5835a", "#5bc8af"]
            : ["#3584e4", "#2ec27e", "#e5a50a", "#e66100", "#c01c28", "#813d9c", "#865e3c", "#1c71d8"])
            .map { ChartColor(hex: $0) }
        neutral = foreground.withAlpha(0.35)
    }

    public static let light = ChartTheme(foreground: ChartColor(hex: "#241f31"), background: ChartColor(hex: "#ffffff"))
    public static let dark = ChartTheme(foreground: ChartColor(hex: "#ffffff"), background: ChartColor(hex: "#242424"))

    /// The colour of series `index`; -1 is the neutral colour, -2 a lighter one.
    public func color(_ index: Int) -> ChartColor {
        index >= 0 ? palette[index % palette.count] : index == -1 ? neutral : foreground.withAlpha(0.18)
    }

    public var grid: ChartColor { foreground.withAlpha(0.12) }
    public var axisText: ChartColor { foreground.withAlpha(0.7) }
}
