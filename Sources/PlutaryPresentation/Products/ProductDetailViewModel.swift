import Foundation
import Observation
import PlutaryCore

/// One product: its price history (the chart and the receipts it came from),
/// the names receipts gave it, and merging or splitting it.
@MainActor
@Observable
public final class ProductDetailViewModel {
    public let productId: Int64
    public private(set) var detail: ProductDetail?
    public private(set) var rows: [PricePointRow] = []
    public private(set) var mergeCandidates: [ProductSummary] = []
    public private(set) var errorMessage: String?

    /// After a merge or split, so the list can reload.
    @ObservationIgnored public var onCatalogChanged: () -> Void = {}

    private let catalog: any ProductCatalog
    private let days: DayFormatter
    private let money: MoneyFormatter
    @ObservationIgnored private let loads = LatestLoad()
    /// The newest merge or split; each has its own, so a second never cancels the first's write.
    @ObservationIgnored private var edits = LatestLoad()

    public init(productId: Int64, catalog: any ProductCatalog, locale: Locale = .preferred) {
        self.productId = productId
        self.catalog = catalog
        days = DayFormatter(locale: locale)
        money = MoneyFormatter(locale: locale)
    }

    public var title: String { detail?.name ?? "" }
    /// The different ways receipts wrote the product.
    public var names: [String] { detail?.names ?? [] }
    public var canSplit: Bool { names.count > 1 }

    public var subtitle: String {
        guard let detail else { return "" }
        let count = detail.history.count
        let purchases = String(format: trn("%d purchase", "%d purchases", count), count)
        return detail.category.map { "\($0) · \(purchases)" } ?? purchases
    }

    /// Reads the product and its merge candidates off the main actor (the candidates compare every product's name).
    public func load() {
        let catalog = self.catalog, id = productId, days = days, money = money
        loads.start({
            let detail = try await catalog.detail(id: id)
            // Formatted here too: the most bought products have thousands of purchases.
            let rows = (detail?.history ?? []).enumerated().reversed().map {
                PricePointRow(index: $0.offset, point: $0.element, days: days, money: money)
            }
            return (detail, rows, try await catalog.similar(to: id, limit: 5))
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let (detail, rows, candidates)):
                self.detail = detail
                self.rows = rows
                mergeCandidates = candidates
                errorMessage = nil
            case .failure(let error):
                errorMessage = String(format: tr("Could not read the product: %@"), error.localizedDescription)
            }
        }
    }

    /// Returns once the newest merge or split, and the load after it, have been applied.
    public func finishLoading() async {
        await edits.finish()
        await loads.finish()
    }

    /// Folds another product into this one, off the main actor, then reads it again.
    public func merge(_ otherId: Int64) {
        let catalog = catalog, id = productId
        edits = LatestLoad()
        edits.start({ try await catalog.merge([otherId], into: id) }) { [weak self] result in
            guard let self else { return }
            do {
                try result.get()
                load()
                onCatalogChanged()
            } catch {
                errorMessage = String(format: tr("Could not merge the products: %@"), error.localizedDescription)
            }
        }
    }

    /// Moves the purchases written as `name` into a product of their own, off the main actor.
    public func split(name: String) {
        let catalog = catalog, id = productId
        edits = LatestLoad()
        edits.start({ try await catalog.split(id, names: [name]) }) { [weak self] result in
            guard let self else { return }
            do {
                _ = try result.get()
                load()
                onCatalogChanged()
            } catch {
                errorMessage = String(format: tr("Could not split the product: %@"), error.localizedDescription)
            }
        }
    }
}
