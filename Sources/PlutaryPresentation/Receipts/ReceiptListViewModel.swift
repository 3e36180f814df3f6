import Foundation
import Observation
import PlutaryCore

/// The receipts list: stored receipts newest first, filtered by a full-text
/// search as the person types. Queries and formatting run off the main actor,
/// so 100 000 receipts never stall the window; deletion waits for an undo period.
@MainActor
@Observable
public final class ReceiptListViewModel {
    public private(set) var rows: [ReceiptRow] = []
    public private(set) var errorMessage: String?
    public private(set) var isLoaded = false
    /// False while only the first screenful is shown (at start-up, before the whole list is read).
    public private(set) var isComplete = false
    public private(set) var isLoading = false
    public private(set) var searchText = ""
    /// Whether the rows shown are a search's or a filter's: the search text changes as the
    /// person types, before its rows arrive, so the empty states go by the rows' own query.
    private var rowsAreFiltered = false
    /// A filter from a clicked chart part (a month, a category), shown above the list.
    public private(set) var filter: ReceiptFilter?
    /// Sums of the visible receipts, one per currency.
    public private(set) var totals: [Money] = []
    /// Shown while deleted receipts can still be restored.
    public private(set) var undoMessage: String?

    @ObservationIgnored var onOpen: (String) -> Void = { _ in }
    @ObservationIgnored private let store: any ReceiptStore
    /// The remote analysis queue, when the app runs one.
    @ObservationIgnored public let analysis: AnalysisCenter?
    /// Rates for the converted column; nil leaves it out.
    @ObservationIgnored private let rates: (any ExchangeRateStore)?
    @ObservationIgnored private let preferences: (any PreferenceStore)?
    /// The primary currency the rows were converted into, nil without rates.
    public private(set) var primaryCurrency: String?
    /// The visible receipts' totals in the primary currency, and how many had no rate.
    public private(set) var convertedTotal: Money?
    public private(set) var withoutRate = 0
    @ObservationIgnored private let days: DayFormatter
    @ObservationIgnored private let money: MoneyFormatter
    @ObservationIgnored private let percent: NumberFormatter
    @ObservationIgnored private let searchDelay: Duration
    @ObservationIgnored private let undoPeriod: Duration
    @ObservationIgnored private let loads = LatestLoad()
    @ObservationIgnored private let firstPage = LatestLoad()
    /// Rows read first, at start-up: more than a tall window shows (40 rows of 36 px fill 1440 px).
    /// GTK makes every row's widgets before the first frame: 200 rows took it 300 ms on a 2-core
    /// machine, 40 rows 50 ms.
    @ObservationIgnored private let firstPageSize: Int
    /// How long the whole list's read waits once the screenful is in the list, so that the
    /// screenful's frame is drawn before the read takes a core.
    private static let firstFrameAllowance: Duration = .milliseconds(150)
    @ObservationIgnored private var undoTask: Task<Void, Never>?
    @ObservationIgnored private var loadedRows: [ReceiptRow] = [] {
        didSet { loadedVersion += 1 }
    }
    /// Counts changes of `loadedRows`, so a reload can tell the rows it compared with are still shown.
    @ObservationIgnored private var loadedVersion = 0
    /// The rows of the last read that listed any: the list keeps them behind the no-matches page,
    /// and a read that finds them again (a search cleared) hands back this very array, which the
    /// list sees unchanged at once instead of comparing 100 000 rows on the main actor.
    @ObservationIgnored private var listedRows: [ReceiptRow] = []
    @ObservationIgnored private var loadedTotals = ReceiptTotals()
    /// What the whole list shown was read for: its query, the primary currency it was converted
    /// into, and the store's generation then. A reload with all three the same (a return to the
    /// section, nothing saved meanwhile) reads nothing: reading and comparing 100 000 rows took a
    /// core for a second, beside the main thread drawing the section.
    @ObservationIgnored private var shownRead: (query: ReceiptQuery, primary: String?, generation: StoreGeneration)?
    @ObservationIgnored private var pendingDeletion: Set<String> = []
    /// Receipts past their undo period whose deletion the store has not finished; still hidden.
    private var deleting: Set<String> = []
    @ObservationIgnored private let deletions = LatestLoad()
    @ObservationIgnored private var itemCache: [String: [LineItemRow]] = [:]
    @ObservationIgnored private var itemLoads: [String: LatestLoad] = [:]
    /// Receipts whose items were read since the rows were; the view redraws their item rows.
    public private(set) var loadedItems: Set<String> = []

    public init(store: any ReceiptStore, analysis: AnalysisCenter? = nil, rates: (any ExchangeRateStore)? = nil,
                preferences: (any PreferenceStore)? = nil, locale: Locale = .preferred,
                searchDelay: Duration = .milliseconds(60), undoPeriod: Duration = .seconds(6), firstPageSize: Int = 40) {
        self.firstPageSize = firstPageSize
        self.store = store
        self.analysis = analysis
        self.rates = rates
        self.preferences = preferences
        self.days = DayFormatter(locale: locale)
        self.money = MoneyFormatter(locale: locale)
        percent = NumberFormatter()
        percent.locale = locale
        percent.numberStyle = .percent
        self.searchDelay = searchDelay
        self.undoPeriod = undoPeriod
    }

    /// True when the store has no receipts at all (not merely none matching a search or filter).
    public var isEmpty: Bool { isLoaded && rows.isEmpty && !rowsAreFiltered && pendingDeletion.isEmpty && deleting.isEmpty }

    /// "Showing Groceries, March 2026".
    public var filterText: String? {
        filter.map { String(format: tr("Showing %@"), $0.title) }
    }

    /// Lists only the receipts of a chart part; the search still applies.
    @discardableResult
    public func show(_ filter: ReceiptFilter?) -> Task<Void, Never> {
        self.filter = filter
        return reload()
    }

    public var emptyTitle: String { tr("No receipts yet") }
    public var emptyHint: String { tr("Drop receipt images or PDFs on this window or choose Import to scan them.") }

    /// True when receipts are stored but none matches the search or filter.
    public var hasNoMatches: Bool { isLoaded && rows.isEmpty && rowsAreFiltered }
    public var noMatchesTitle: String { tr("No receipts match") }
    public var noMatchesHint: String { tr("Try other words, or clear the search or filter.") }

    public var countText: String {
        guard isComplete else { return "" }
        return String(format: trn("%d receipt", "%d receipts", rows.count), rows.count)
    }

    /// "CA$120.00 · €12.50": the visible receipts summed per currency, then in the primary currency.
    public var totalsText: String {
        guard isComplete, !totals.isEmpty else { return "" }
        let perCurrency = String(format: tr("Total: %@"), totals.map(money.string(from:)).joined(separator: " · "))
        guard let convertedTotal, totals.count > 1 || totals.first?.currency != convertedTotal.currency else { return perCurrency }
        let converted = withoutRate == 0
            ? String(format: tr("%@ in all"), money.string(from: convertedTotal))
            : String(format: trn("%@ in all, %d receipt without a rate", "%@ in all, %d receipts without a rate", withoutRate),
                     money.string(from: convertedTotal), withoutRate)
        return perCurrency + " — " + converted
    }

    /// Enter on a row: the receipt opens in the review screen.
    public func open(id: String) { onOpen(id) }

    public func load() { reload() }

    /// Re-reads the list in the background; the returned task ends when the rows are in.
    @discardableResult
    public func reload() -> Task<Void, Never> {
        startLoading(after: nil)
    }

    /// Filters by `text` once the person pauses typing.
    @discardableResult
    public func search(_ text: String) -> Task<Void, Never> {
        searchText = text
        return startLoading(after: searchDelay)
    }

    /// The whole list, read and formatted off the main actor; the first time, the newest
    /// screenful is read first on its own, so the window has rows to draw at once.
    private func startLoading(after delay: Duration?) -> Task<Void, Never> {
        let search = searchText.trimmingCharacters(in: .whitespaces)
        let query = ReceiptQuery(search: search.isEmpty ? nil : search, range: filter?.range, category: filter?.category,
                                 uncategorisedOnly: filter?.uncategorisedOnly ?? false)
        let (store, days, money, rates) = (self.store, self.days, self.money, self.rates)
        let primary = rates == nil ? nil : preferences?.string(.primaryCurrency)
        let filtered = !search.isEmpty || filter != nil
        let read: @Sendable (ReceiptQuery) async throws -> ([ReceiptRow], ReceiptTotals) = { query in
            let converter = try await rates?.converter()
            let rows = try await store.summaries(matching: query).map {
                ReceiptRow(summary: $0, days: days, money: money, converter: converter, primaryCurrency: primary)
            }
            return (rows, ReceiptTotals(rows: rows, primaryCurrency: primary))
        }
        isLoading = true
        var shownFirst: Task<Void, Never>?
        if !isLoaded {
            var first = query
            first.limit = firstPageSize
            let page = first
            shownFirst = firstPage.start({ try await read(page) }) { [weak self] outcome in
                guard let self, !self.isLoaded, case .success(let (rows, totals)) = outcome else { return }
                self.rowsAreFiltered = filtered
                self.loadedRows = rows
                self.listedRows = rows
                self.loadedTotals = totals
                self.showLoadedRows()
                self.isLoaded = true
            }
        }
        // The whole list waits until the screenful is in the list and drawn: on two cores, reading
        // 100 000 rows beside it delayed the window's first frame by 100-300 ms.
        let screenful = shownFirst
        let (shown, shownVersion, listed, shownRead) = (loadedRows, loadedVersion, listedRows, shownRead)
        return loads.start(after: delay, { () async throws -> (rows: ([ReceiptRow], ReceiptTotals)?, generation: StoreGeneration?) in
            if let screenful {
                await screenful.value
                try? await Task.sleep(for: Self.firstFrameAllowance)
            }
            // Read before the rows: a write while they are read makes the next reload read again.
            let generation = await store.generation()
            if let generation, let shownRead, shownRead.query == query, shownRead.primary == primary,
               shownRead.generation == generation {
                return (rows: nil, generation: generation)
            }
            let (rows, totals) = try await read(query)
            // The rows already shown (a section switch, a save elsewhere that changed none): the
            // new copy is dropped here, off the main actor, where releasing 100 000 rows took 30-60 ms.
            let changed: ([ReceiptRow], ReceiptTotals)? = rows == shown ? nil : (rows == listed ? listed : rows, totals)
            return (rows: changed, generation: generation)
        }) { [weak self] outcome in
            guard let self else { return }
            self.firstPage.cancel()
            self.primaryCurrency = primary
            if case .success((nil, _)) = outcome, self.loadedVersion != shownVersion {
                self.reload()  // the rows compared with were replaced meanwhile
                return
            }
            self.rowsAreFiltered = filtered
            let generation = try? outcome.get().generation
            self.shownRead = generation.map { (query, primary, $0) }
            self.apply(outcome.map(\.rows))
        }
    }

    /// A reload's outcome; nil rows: the same as shown.
    private func apply(_ outcome: Result<([ReceiptRow], ReceiptTotals)?, Error>) {
        switch outcome {
        case .success(nil):
            errorMessage = nil
        case .success(let (loaded, totals)?):
            loadedRows = loaded
            if !(loaded.isEmpty && rowsAreFiltered) { listedRows = loaded }
            loadedTotals = totals
            errorMessage = nil
        case .failure(let error):
            loadedRows = []
            loadedTotals = ReceiptTotals()
            errorMessage = String(format: tr("Could not read the receipts: %@"), error.localizedDescription)
        }
        itemCache.removeAll()
        itemLoads.values.forEach { $0.cancel() }
        itemLoads.removeAll()
        loadedItems.removeAll()
        showLoadedRows()
        isLoaded = true
        isComplete = true
        isLoading = false
    }

    private func showLoadedRows() {
        let hidden = pendingDeletion.union(deleting)
        rows = hidden.isEmpty ? loadedRows : loadedRows.filter { !hidden.contains($0.id) }
        // Summed with the read, off the main actor; again here only while deleted rows are hidden.
        let sums = hidden.isEmpty ? loadedTotals : ReceiptTotals(rows: rows, primaryCurrency: primaryCurrency)
        totals = sums.perCurrency
        if primaryCurrency != nil {
            convertedTotal = sums.converted
            withoutRate = sums.withoutRate
        }
    }

    /// What Ctrl+E exports from this list: the receipts the search and a chart's date span show.
    public var exportScope: ExportScope {
        let search = searchText.trimmingCharacters(in: .whitespaces)
        return ExportScope(search: search.isEmpty ? nil : search, since: filter?.range.start, until: filter?.range.end,
                           category: filter?.category, uncategorisedOnly: filter?.uncategorisedOnly ?? false)
    }

    // MARK: Line items

    /// The receipt's line items once read; the first call (its row expanding) starts reading them
    /// off the main actor and returns nothing, and `loadedItems` gains the receipt when they are in.
    public func items(of row: ReceiptRow) -> [LineItemRow] {
        if let cached = itemCache[row.id] { return cached }
        guard itemLoads[row.id] == nil else { return [] }
        let (store, money, id) = (self.store, self.money, row.id)
        let currency = row.summary.total?.currency ?? "CAD"
        let load = LatestLoad()
        itemLoads[id] = load
        load.start({ try await store.lineItems(receiptId: id).map { LineItemRow(item: $0, currency: currency, money: money) } }) {
            [weak self] result in
            guard let self else { return }
            itemLoads[id] = nil
            itemCache[id] = (try? result.get()) ?? []
            loadedItems.insert(id)
        }
        return []
    }

    /// Returns once the items being read have arrived.
    public func itemsRead() async {
        for load in Array(itemLoads.values) { await load.finish() }
    }

    // MARK: Remote analysis

    /// What the analysis queue is doing with a receipt ("" when it was never sent).
    public func analysisState(of row: ReceiptRow) -> String {
        guard let job = analysis?.job(forReceipt: row.id) else { return "" }
        switch job.state {
        case .pending: return job.attempts > 0 ? tr("Waiting to retry") : tr("Waiting to upload")
        case .uploading:
            // All sent: the service is reading the receipt.
            guard let sent = analysisProgress(of: row), sent < 1 else { return tr("Waiting for the service…") }
            return String(format: tr("Uploading %@"), percent.string(from: NSNumber(value: sent)) ?? "")
        case .done:
            return job.remoteResult.map { Self.differs(row.summary, from: $0) } == true ? tr("Analysed: open to compare") : tr("Analysed")
        case .failed: return String(format: tr("Failed: %@"), job.lastError ?? tr("unknown error"))
        }
    }

    /// Whether the service read the merchant, date, total, category or item count differently
    /// from what is saved (its reading only filled empty fields; the review screen shows the rest).
    static func differs(_ saved: ReceiptSummary, from remote: ReceiptPayload) -> Bool {
        func differ(_ mine: String?, _ theirs: String?) -> Bool {
            guard let theirs = theirs?.trimmingCharacters(in: .whitespacesAndNewlines), !theirs.isEmpty else { return false }
            return (mine ?? "").caseInsensitiveCompare(theirs) != .orderedSame
        }
        let currency = saved.total?.currency ?? "CAD"
        let total = remote.totalAmount.flatMap { AmountText.normalized($0, currency: currency) }
        return differ(saved.merchantName, remote.merchantName) || differ(saved.purchaseDate, remote.purchaseDate)
            || differ(saved.category, remote.category) || differ(saved.total?.decimalString, total)
            || (!remote.lineItems.isEmpty && remote.lineItems.count != saved.itemCount)
    }

    /// How much of the receipt's upload is sent (0…1) while it uploads; nil otherwise.
    public func analysisProgress(of row: ReceiptRow) -> Double? {
        guard let analysis, analysis.job(forReceipt: row.id)?.state == .uploading else { return nil }
        return analysis.uploadProgress[row.id] ?? 0
    }

    public var canSendToAnalysis: Bool { analysis?.isConfigured == true }

    /// "Send to analysis" on the selection; a receipt whose last job failed is retried.
    public func sendToAnalysis(ids: [String]) {
        guard let analysis, !ids.isEmpty else { return }
        var fresh: [String] = []
        for id in ids {
            if let job = analysis.job(forReceipt: id), job.state == .failed { analysis.retry(jobId: job.id) } else { fresh.append(id) }
        }
        if !fresh.isEmpty { analysis.send(receiptIds: fresh) }
    }

    // MARK: Delete and undo

    /// Hides the receipts now and removes them when the undo period ends
    /// (or another deletion starts, or the app quits).
    public func delete(ids: [String]) {
        guard !ids.isEmpty else { return }
        commitPendingDeletion()
        pendingDeletion = Set(ids)
        showLoadedRows()
        undoMessage = String(format: trn("%d receipt deleted", "%d receipts deleted", ids.count), ids.count)
        let period = undoPeriod
        undoTask = Task { [weak self] in
            try? await Task.sleep(for: period)
            guard !Task.isCancelled else { return }
            self?.commitPendingDeletion()
        }
    }

    /// Brings back the receipts of the last deletion while its undo period lasts.
    public func undo() {
        guard !pendingDeletion.isEmpty else { return }
        undoTask?.cancel()
        pendingDeletion.removeAll()
        undoMessage = nil
        showLoadedRows()
    }

    public var canUndo: Bool { !pendingDeletion.isEmpty }

    /// Removes the receipts waiting in the undo period from the store, off the main actor;
    /// they stay hidden until it is done, and come back if it fails.
    public func commitPendingDeletion() {
        guard !pendingDeletion.isEmpty else { return }
        undoTask?.cancel()
        deleting.formUnion(pendingDeletion)
        pendingDeletion.removeAll()
        undoMessage = nil
        // A newer deletion cancels this one, so each deletes every id not yet gone (a gone id is no work).
        let store = store, ids = deleting
        deletions.start({ try await store.delete(ids: Array(ids)) }) { [weak self] result in
            guard let self else { return }
            deleting.subtract(ids)
            if case .failure(let error) = result {
                errorMessage = String(format: tr("Could not delete the receipts: %@"), error.localizedDescription)
            } else {
                loadedRows.removeAll { ids.contains($0.id) }
                loadedTotals = ReceiptTotals(rows: loadedRows, primaryCurrency: primaryCurrency)
            }
            showLoadedRows()
        }
        showLoadedRows()
    }

    /// Whether deleted receipts are still being removed from the store.
    public var isDeleting: Bool { !deleting.isEmpty }

    /// Returns once the deletions committed so far are in the store.
    public func deletionsWritten() async {
        await deletions.finish()
    }
}
