import Foundation
import Observation
import PlutaryCore

/// The products list: everything bought, most often bought first, with price
/// trends; selecting one opens its detail. Read off the main actor.
@MainActor
@Observable
public final class ProductListViewModel {
    public private(set) var rows: [ProductRow] = []
    public private(set) var errorMessage: String?
    public private(set) var isLoaded = false
    public private(set) var detail: ProductDetailViewModel?
    public private(set) var inflationText = ""
    public var searchText = ""

    private let catalog: any ProductCatalog
    private let locale: Locale
    private let today: @Sendable () -> Date
    private let days: DayFormatter
    private let money: MoneyFormatter
    private let percent: PercentChangeFormatter
    @ObservationIgnored private let loads = LatestLoad()

    public init(catalog: any ProductCatalog, locale: Locale = .preferred, today: @escaping @Sendable () -> Date = { Date() }) {
        self.catalog = catalog
        self.locale = locale
        self.today = today
        self.days = DayFormatter(locale: locale)
        self.money = MoneyFormatter(locale: locale)
        self.percent = PercentChangeFormatter(locale: locale)
    }

    public var isEmpty: Bool { isLoaded && rows.isEmpty && searchText.isEmpty }
    public var emptyTitle: String { tr("No products yet") }
    public var emptyHint: String { tr("Products appear here once receipts with line items are saved.") }

    public func load() {
        let catalog = self.catalog, search = searchText, now = today()
        let (days, money, percent, shown) = (self.days, self.money, self.percent, rows)
        loads.start({
            let month = MonthKey.of(now)
            let year = DayRange(start: MonthKey.adding(-11, to: month) + "-01", end: MonthKey.day(now))
            let rows = try await catalog.products(search: search, today: now).map {
                ProductRow(summary: $0, days: days, money: money, percent: percent)
            }
            // Formatted here, off the main actor; the rows already shown (a section switch) stay as they are.
            return (rows == shown ? nil : rows, try await catalog.inflation(range: year))
        }) { [weak self] result in
            guard let self else { return }
            isLoaded = true
            switch result {
            case .success(let (products, inflation)):
                if let products { rows = products }
                inflationText = inflation.isEmpty ? "" : tr("Prices over the last 12 months:") + " "
                    + inflation.map { "\($0.category.title) \(percent.string($0.change))" }.joined(separator: " · ")
                errorMessage = nil
            case .failure(let error):
                rows = []
                errorMessage = String(format: tr("Could not read the products: %@"), error.localizedDescription)
            }
        }
    }

    /// Loads and returns once the newest load has finished (loads started meanwhile included).
    public func reload() async {
        load()
        await loads.finish()
    }

    public func search(_ text: String) {
        searchText = text
        load()
    }

    /// Opens a product's detail (nil closes it).
    public func select(_ id: Int64?) {
        guard let id else {
            // Setting nil again would still notify observers: the list re-renders, selects nothing, and loops.
            if detail != nil { detail = nil }
            return
        }
        guard detail?.productId != id else { return }
        let model = ProductDetailViewModel(productId: id, catalog: catalog, locale: locale)
        model.onCatalogChanged = { [weak self] in self?.load() }
        model.load()
        detail = model
    }
}
