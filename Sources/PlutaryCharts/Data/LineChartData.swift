/// Values over time, one line per series (a product's price at each store).
public struct LineChartData: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        /// An ISO day ("2026-03-14").
        public let day: String
        /// Minor units.
        public let value: Double

        public init(day: String, value: Double) {
            self.day = day
            self.value = value
        }
    }

    public struct Series: Hashable, Sendable {
        public let title: String
        public let points: [Point]
        public let colorIndex: Int

        public init(title: String, points: [Point], colorIndex: Int) {
            self.title = title
            self.points = points
            self.colorIndex = colorIndex
        }
    }

    public let title: String
    public let currency: String
    public let series: [Series]

    public init(title: String, currency: String, series: [Series]) {
        self.title = title
        self.currency = currency
        self.series = series
    }
}
