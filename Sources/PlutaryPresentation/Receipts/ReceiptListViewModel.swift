import Foundation
import Observation
import PlutaryCore

/// The receipts list: stored receipts newest first, filtered by a search.
@MainActor
@Observable
public final class ReceiptListViewModel {
    public private(set) var rows: [ReceiptRow] = []
    public private(set) var errorMessage: String?
    public private(set) var isLoaded = false
    public var searchText = ""

    @ObservationIgnored var onOpen: (String) -> Void = { _ in }
    private let store: any ReceiptStore
    private let days: DayFormatter
    private let money: MoneyFormatter

    public init(store: any ReceiptStore, locale: Locale = .current) {
        self.store = store
        self.days = DayFormatter(locale: locale)
        self.money = MoneyFormatter(locale: locale)
    }

    /// True when the store has no receipts at all (not merely none matching a search).
    public var isEmpty: Bool { isLoaded && rows.isEmpty && searchText.isEmpty }

    public var emptyTitle: String { tr("No receipts yet") }
    public var emptyHint: String { tr("Drop receipt images on this window or choose Import to scan them.") }

    public var countText: String {
        String(format: trn("%d receipt", "%d receipts", rows.count), rows.count)
    }

    public func load() {
        do {
            let search = searchText.trimmingCharacters(in: .whitespaces)
            rows = try store.summaries(search: search.isEmpty ? nil : search)
                .map { ReceiptRow(summary: $0, days: days, money: money) }
            errorMessage = nil
        } catch {
            rows = []
            errorMessage = String(format: tr("Could not read the receipts: %@"), error.localizedDescription)
        }
        isLoaded = true
    }

    /// Enter on a row: the receipt opens in the review screen.
    public func open(id: String) { onOpen(id) }

    public func search(_ text: String) {
        searchText = text
        load()
    }
}
