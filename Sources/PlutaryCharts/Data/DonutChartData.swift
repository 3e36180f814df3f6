/// Parts of a whole: one slice per category.
public struct DonutChartData: Hashable, Sendable {
    public struct Slice: Hashable, Sendable {
        public let key: String
        public let title: String
        /// Minor units.
        public let value: Double
        public let colorIndex: Int

        public init(key: String, title: String, value: Double, colorIndex: Int) {
            self.key = key
            self.title = title
            self.value = value
            self.colorIndex = colorIndex
        }
    }

    public let title: String
    public let currency: String
    public let slices: [Slice]

    public init(title: String, currency: String, slices: [Slice]) {
        self.title = title
        self.currency = currency
        self.slices = slices
    }

    public var total: Double { slices.reduce(0) { $0 + max(0, $1.value) } }
}
