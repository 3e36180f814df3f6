import PlutaryCore

/// The four sections of the main window's sidebar, in order.
public enum AppSection: String, CaseIterable, Sendable {
    case receipts, products, analytics, settings

    public var title: String {
        switch self {
        case .receipts: tr("Receipts")
        case .products: tr("Products")
        case .analytics: tr("Analytics")
        case .settings: tr("Settings")
        }
    }

    public var iconName: String {
        switch self {
        case .receipts: "document-open-recent-symbolic"
        case .products: "view-list-symbolic"
        case .analytics: "x-office-spreadsheet-symbolic"
        case .settings: "preferences-system-symbolic"
        }
    }
}
