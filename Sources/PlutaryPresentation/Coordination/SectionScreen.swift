/// A section's screen as the navigator must build it: which view over which view model.
@MainActor
public enum SectionScreen {
    case receipts(ReceiptListViewModel)
    case products(ProductListViewModel)
    case analytics(AnalyticsViewModel)
    case settings(SettingsViewModel)

    public var section: AppSection {
        switch self {
        case .receipts: .receipts
        case .products: .products
        case .analytics: .analytics
        case .settings: .settings
        }
    }
}
