/// A chart to lay out: its kind with its data.
public enum Chart: Hashable, Sendable {
    case bars(BarChartData)
    case donut(DonutChartData)
    case line(LineChartData)
    case sparkline(SparklineData)
}
