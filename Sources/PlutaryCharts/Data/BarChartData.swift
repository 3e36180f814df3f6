/// Bars made of stacked parts: one bar per month, one part per category.
public struct BarChartData: Hashable, Sendable {
    public struct Series: Hashable, Sendable {
        public let key: String
        public let title: String
        /// Index into the theme's palette; negative for the neutral colour.
        public let colorIndex: Int

        public init(key: String, title: String, colorIndex: Int) {
            self.key = key
            self.title = title
            self.colorIndex = colorIndex
        }
    }

    public struct Bar: Hashable, Sendable {
        public let key: String
        /// Under the bar ("Mar").
        public let label: String
        /// In tooltips and the description ("March 2026").
        public let longLabel: String
        /// One value per series, in minor units.
        public let values: [Double]

        public init(key: String, label: String, longLabel: String, values: [Double]) {
            self.key = key
            self.label = label
            self.longLabel = longLabel
            self.values = values
        }

        public var total: Double { values.reduce(0) { $0 + max(0, $1) } }
    }

    public let title: String
    public let currency: String
    public let series: [Series]
    public let bars: [Bar]

    public init(title: String, currency: String, series: [Series], bars: [Bar]) {
        self.title = title
        self.currency = currency
        self.series = series
        self.bars = bars
    }
}
