import Foundation
import Observation
import PlutaryCore

/// The products list: everything bought, most often bought first.
@MainActor
@Observable
public final class ProductListViewModel {
    public private(set) var rows: [ProductRow] = []
    public private(set) var errorMessage: String?
    public private(set) var isLoaded = false
    public var searchText = ""

    private let catalog: any ProductCatalog
    private let days: DayFormatter
    private let money: MoneyFormatter

    public init(catalog: any ProductCatalog, locale: Locale = .preferred) {
        self.catalog = catalog
        self.days = DayFormatter(locale: locale)
        self.money = MoneyFormatter(locale: locale)
    }

    public var isEmpty: Bool { isLoaded && rows.isEmpty && searchText.isEmpty }
    public var emptyTitle: String { tr("No products yet") }
    public var emptyHint: String { tr("Products appear here once receipts with line items are saved.") }

    public func load() {
        do {
            rows = try catalog.products(search: searchText).map { ProductRow(summary: $0, days: days, money: money) }
            errorMessage = nil
        } catch {
            rows = []
            errorMessage = String(format: tr("Could not read the products: %@"), error.localizedDescription)
        }
        isLoaded = true
    }

    public func search(_ text: String) {
        searchText = text
        load()
    }
}
