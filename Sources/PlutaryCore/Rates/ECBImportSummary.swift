/// What an ECB import stored.
public struct ECBImportSummary: Hashable, Sendable {
    public let rateCount: Int
    public let dayCount: Int
    public let firstDay: String
    public let lastDay: String

    public init(rateCount: Int, dayCount: Int, firstDay: String, lastDay: String) {
        self.rateCount = rateCount
        self.dayCount = dayCount
        self.firstDay = firstDay
        self.lastDay = lastDay
    }
}
