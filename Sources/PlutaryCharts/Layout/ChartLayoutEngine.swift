/// Lays out any chart kind.
public enum ChartLayoutEngine {
    public static func layout(_ chart: Chart, in context: ChartLayoutContext) -> ChartLayout {
        switch chart {
        case .bars(let data): StackedBarLayout.layout(data, in: context)
        case .donut(let data): DonutLayout.layout(data, in: context)
        case .line(let data): LineLayout.layout(data, in: context)
        case .sparkline(let data): SparklineLayout.layout(data, in: context)
        }
    }
}
