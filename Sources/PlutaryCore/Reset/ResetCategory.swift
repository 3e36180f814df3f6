/// What Settings → Data can remove, each part on its own.
public enum ResetCategory: String, CaseIterable, Sendable, Hashable {
    case receipts
    case fixtureReceipts = "fixture-receipts"
    case analysisJobs = "analysis-jobs"
    case exchangeRates = "exchange-rates"
    case preferences
    case apiToken = "api-token"
    /// All of the above plus the images folder and every name the store learnt: a fresh install.
    case everything

    public var title: String {
        switch self {
        case .receipts: tr("All receipts")
        case .fixtureReceipts: tr("Sample receipts only")
        case .analysisJobs: tr("Analysis job history")
        case .exchangeRates: tr("Exchange rates")
        case .preferences: tr("Preferences")
        case .apiToken: tr("Stored API token")
        case .everything: tr("Everything")
        }
    }

    /// "12 receipts", "3 preferences changed"…: what the count in front of it means.
    public func countText(_ count: Int) -> String {
        switch self {
        case .receipts, .fixtureReceipts: String(format: trn("%d receipt", "%d receipts", count), count)
        case .analysisJobs: String(format: trn("%d job", "%d jobs", count), count)
        case .exchangeRates: String(format: trn("%d rate", "%d rates", count), count)
        case .preferences: String(format: trn("%d changed setting", "%d changed settings", count), count)
        case .apiToken: String(format: trn("%d token", "%d tokens", count), count)
        case .everything: String(format: trn("all data and %d image file", "all data and %d image files", count), count)
        }
    }
}
