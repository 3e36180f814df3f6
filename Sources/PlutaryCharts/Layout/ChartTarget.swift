/// What a part of a chart stands for, so a click can act on it.
public enum ChartTarget: Hashable, Sendable {
    /// A bar (a month key such as "2026-03"), or one category's part of it.
    case bar(key: String, series: String?)
    /// A donut slice (a category key).
    case slice(key: String)
    /// A point of a line series.
    case point(series: String, index: Int)
}
