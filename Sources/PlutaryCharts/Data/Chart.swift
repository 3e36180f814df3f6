/// A chart to lay out: its kind with its data.
public enum Chart: Hashable, Sendable {
    case bars(BarChartData)
    case donut(DonutChartData)
    case line(LineChartData)
    case sparkline(SparklineData)
}

extension Chart {
    /// The title in the chart's own words.
    public var title: String {
        switch self {
        case .bars(let data): data.title
        case .donut(let data): data.title
        case .line(let data): data.title
        case .sparkline: ""
        }
    }

    /// The same chart without its title, for screens that show the title beside it.
    public var withoutTitle: Chart {
        switch self {
        case .bars(let d): .bars(BarChartData(title: "", currency: d.currency, series: d.series, bars: d.bars))
        case .donut(let d): .donut(DonutChartData(title: "", currency: d.currency, slices: d.slices))
        case .line(let d): .line(LineChartData(title: "", currency: d.currency, series: d.series))
        case .sparkline: self
        }
    }
}
