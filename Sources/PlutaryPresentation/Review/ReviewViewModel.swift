import Foundation
import Observation
import PlutaryCore

/// One receipt in the review screen: its fields and items as the person edits
/// them, which of them the parser filled and how sure it was, live validation
/// warnings, possible duplicates, and the save / skip / discard intents.
@MainActor
@Observable
public final class ReviewViewModel {
    public let item: ReviewItem
    public let mode: ReviewMode
    /// Where this receipt is in its batch, from 1.
    public let position: Int
    /// The batch can grow while it is reviewed (another import arrives).
    public internal(set) var count: Int
    public private(set) var fields: [ReceiptField: String]
    public private(set) var items: [ReviewLineItem]
    public private(set) var duplicates: [DuplicateMatch] = []
    public private(set) var errorMessage: String?
    /// Set when discarding would lose something: the view asks, then answers `confirmDiscard`.
    public private(set) var isConfirmingDiscard = false
    public private(set) var savedId: String?
    /// The receipt is being read again (its image turned); the screen waits.
    public private(set) var isRereading = false
    public let currencyOptions: [CurrencyOption]
    public let imageWords: ImageWords
    /// The words each field was last filled from by a click on the image.
    public private(set) var pickedWords: [ReceiptField: [ReceiptWord]] = [:]
    @ObservationIgnored private var pickAnchor: Int?

    @ObservationIgnored var onRoute: (ReviewRoute) -> Void = { _ in }

    private let store: any ReceiptStore
    private let money: MoneyFormatter
    private let days: DayFormatter
    private let originalFields: [ReceiptField: String]
    private let originalItems: [ReviewLineItem]
    @ObservationIgnored private var nextItemId: Int
    @ObservationIgnored private let duplicateCheck = LatestLoad()
    @ObservationIgnored private let saves = LatestLoad()
    private var saving: Task<Void, Never>?
    @ObservationIgnored private let duplicateDelay: Duration

    /// Below this the parser's confidence in a field is shown as a warning.
    public static let lowConfidence = 0.6

    public init(item: ReviewItem, mode: ReviewMode, position: Int = 1, count: Int = 1, store: any ReceiptStore,
                locale: Locale = .preferred, duplicateDelay: Duration = .milliseconds(60)) {
        self.item = item
        self.duplicateDelay = duplicateDelay
        self.mode = mode
        self.position = position
        self.count = count
        self.store = store
        money = MoneyFormatter(locale: locale)
        days = DayFormatter(locale: locale)
        var fields: [ReceiptField: String] = [:]
        for field in ReceiptField.allCases { fields[field] = field.value(in: item.payload) ?? "" }
        fields[.currency] = fields[.currency]?.uppercased()
        self.fields = fields
        originalFields = fields
        let rows = item.payload.lineItems.enumerated().map { ReviewLineItem(id: $0.offset, item: $0.element) }
        items = rows
        originalItems = rows
        nextItemId = rows.count
        var codes = Currency.known.map(\.code)
        if let current = fields[.currency], !current.isEmpty, !codes.contains(current) { codes.insert(current, at: 0) }
        var options = codes.map { CurrencyOption(code: $0, locale: locale) }
        if fields[.currency]?.isEmpty ?? true { options.insert(CurrencyOption(code: "", label: tr("No currency")), at: 0) }
        currencyOptions = options
        imageWords = ImageWords(item.words)
        refreshDuplicates(after: nil)
    }

    // MARK: Texts

    public var title: String {
        switch mode {
        case .batch: String(format: tr("Receipt %d of %d"), position, count)
        case .editing: tr("Edit Receipt")
        }
    }

    /// What this receipt is: its merchant, else the image's file name.
    public var subtitle: String {
        let merchant = text(.merchantName).trimmingCharacters(in: .whitespaces)
        if !merchant.isEmpty { return merchant }
        if let path = item.payload.source ?? item.imagePath { return URL(fileURLWithPath: path).lastPathComponent }
        return tr("New receipt")
    }

    public var saveLabel: String {
        mode == .batch && position < count ? tr("Save and Next") : tr("Save")
    }

    public var discardLabel: String { mode == .batch ? tr("Discard") : tr("Cancel") }
    public var showsSkip: Bool { mode == .batch }

    public var imagePath: String? { item.imagePath }

    // MARK: Fields

    public func text(_ field: ReceiptField) -> String { fields[field] ?? "" }

    public func setField(_ field: ReceiptField, _ text: String) {
        let value = field == .currency ? text.trimmingCharacters(in: .whitespaces).uppercased() : text
        guard fields[field] != value else { return }
        fields[field] = value
        errorMessage = nil
        if [.merchantName, .purchaseDate, .totalAmount, .currency].contains(field) { refreshDuplicates(after: duplicateDelay) }
    }

    /// A click on word `index` of the image while `field` is being edited; with
    /// `extend` (Shift) the run from the previous click to this one.
    public func pickWord(_ index: Int, into field: ReceiptField, extend: Bool) {
        guard imageWords.words.indices.contains(index) else { return }
        let anchor = extend ? (pickAnchor ?? index) : index
        if !extend { pickAnchor = index }
        let run = imageWords.run(from: anchor, to: index)
        guard let value = ImageWords.value(of: run, for: field, currency: text(.currency)) else { return }
        setField(field, value)
        pickedWords[field] = run
    }

    /// The words a field's value came from: those clicked for it while they still
    /// give its value, else where the value reads on the image.
    public func sourceWords(of field: ReceiptField) -> [ReceiptWord] {
        let currency = text(.currency)
        if let picked = pickedWords[field], ImageWords.value(of: picked, for: field, currency: currency) == text(field) {
            return picked
        }
        return imageWords.source(of: text(field), field: field, currency: currency)
    }

    public func isEdited(_ field: ReceiptField) -> Bool { fields[field] != originalFields[field] }

    /// The parser filled it and the person has not changed it.
    public func isAutoFilled(_ field: ReceiptField) -> Bool {
        item.payload.autoFilledFields.contains(field.rawValue) && !isEdited(field)
    }

    public func confidence(_ field: ReceiptField) -> Double? { item.payload.fieldConfidence[field.rawValue] }

    public func isLowConfidence(_ field: ReceiptField) -> Bool {
        guard isAutoFilled(field), let confidence = confidence(field) else { return false }
        return confidence < Self.lowConfidence
    }

    /// The tooltip of the mark beside an auto-filled field.
    public func autoFillHint(_ field: ReceiptField) -> String? {
        guard isAutoFilled(field) else { return nil }
        if isLowConfidence(field), let confidence = confidence(field) {
            let percent = Int((confidence * 100).rounded())
            return String(format: tr("Read from the receipt image, but only %d%% sure: please check it."), percent)
        }
        return tr("Read from the receipt image")
    }

    public var itemsAutoFilled: Bool { item.payload.autoFilledFields.contains("line_items") && !itemsEdited }

    public var amountPlaceholder: String {
        let code = text(.currency)
        return Money(minorUnits: 0, currency: code.isEmpty ? "XXX" : code).decimalString
    }

    // MARK: Items

    public func addItem() {
        items.append(ReviewLineItem(id: nextItemId, item: nil))
        nextItemId += 1
    }

    public func removeItem(_ id: Int) {
        items.removeAll { $0.id == id }
    }

    public func canMoveItem(_ id: Int, by offset: Int) -> Bool {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return false }
        return items.indices.contains(index + offset)
    }

    public func moveItem(_ id: Int, by offset: Int) {
        guard canMoveItem(id, by: offset), let index = items.firstIndex(where: { $0.id == id }) else { return }
        items.swapAt(index, index + offset)
    }

    public func setItem(_ id: Int, _ column: LineItemColumn, _ text: String) {
        guard let index = items.firstIndex(where: { $0.id == id }), items[index][column] != text else { return }
        items[index][column] = text
    }

    /// Position of a row from 1, for accessible names ("Remove item 2").
    public func itemNumber(_ id: Int) -> Int { (items.firstIndex { $0.id == id } ?? 0) + 1 }

    /// "3 items, CA$41.02": what the rows add up to, as the person types.
    public var itemsSummary: String {
        let code = text(.currency).isEmpty ? "XXX" : text(.currency)
        let sum = items.compactMap { AmountText.money($0.total, currency: code) }
            .reduce(Money(minorUnits: 0, currency: code), +)
        let count = String(format: trn("%d item", "%d items", items.count), items.count)
        return items.isEmpty ? count : String(format: tr("%@, together %@"), count, money.string(from: sum))
    }

    private var itemsEdited: Bool {
        items.count != originalItems.count || zip(items, originalItems).contains { !$0.sameContent(as: $1) }
    }

    // MARK: State

    public var isEdited: Bool {
        fields != originalFields || itemsEdited
    }

    /// The receipt exactly as typed, for validation and duplicate checks.
    public var draft: ReceiptPayload {
        var payload = item.payload
        for field in ReceiptField.allCases { field.set(text(field), in: &payload) }
        payload.lineItems = items.filter { !$0.isBlank }.map(\.draft)
        // Tax lines from the parser no longer explain a tax the person changed.
        if isEdited(.taxAmount) { payload.taxes = [] }
        return payload
    }

    public var issues: [ReceiptIssue] { ReceiptValidator.issues(in: draft) }

    /// The validation warnings, live, formatted for the person's locale.
    public var warnings: [String] { issues.map { $0.message(money) } }

    /// Fields a warning is about, so the form can point at them.
    public var fieldsWithIssues: Set<ReceiptField> { Set(issues.compactMap(\.field)) }

    /// The receipt as it will be stored: trimmed text, amounts in the currency's
    /// precision, and the parser's marks kept only on fields nobody changed.
    public var payloadToSave: ReceiptPayload {
        var payload = item.payload
        let currency = text(.currency).isEmpty ? "CAD" : text(.currency)
        for field in ReceiptField.allCases {
            let typed = text(field).trimmingCharacters(in: .whitespacesAndNewlines)
            let value = field.isAmount ? AmountText.normalized(typed, currency: currency) : typed
            field.set(value, in: &payload)
        }
        payload.currency = currency
        payload.lineItems = items.filter { !$0.isBlank }.map { $0.stored(currency: currency) }
        if isEdited(.taxAmount) { payload.taxes = [] }
        let edited = Set(ReceiptField.allCases.filter(isEdited).map(\.rawValue) + (itemsEdited ? ["line_items"] : []))
        payload.autoFilledFields.removeAll { edited.contains($0) }
        for key in edited { payload.fieldConfidence[key] = nil }
        payload.warnings = []
        return payload
    }

    // MARK: Remote analysis

    /// Fields the analysis service read differently from what the receipt holds now. Its
    /// reading only filled empty fields when it arrived; the rest waits for the person here.
    public var remoteDifferences: [RemoteDifference] {
        guard let remote = item.remote else { return [] }
        let currency = text(.currency).isEmpty ? "CAD" : text(.currency)
        return ReceiptField.allCases.compactMap { field in
            guard field != .notes, let read = field.value(in: remote)?.trimmingCharacters(in: .whitespacesAndNewlines), !read.isEmpty
            else { return nil }
            let theirs = field == .currency ? read.uppercased() : read
            let yours = text(field).trimmingCharacters(in: .whitespacesAndNewlines)
            // Text that differs only in case is the same merchant, category or card to the store.
            let same = field.isAmount
                ? AmountText.normalized(yours, currency: currency) == AmountText.normalized(theirs, currency: currency)
                : yours.caseInsensitiveCompare(theirs) == .orderedSame
            guard !same else { return nil }
            let remoteCurrency = remote.currency?.uppercased() ?? currency
            let showCurrencies = field.isAmount && remoteCurrency != currency
            return RemoteDifference(field: field, yours: yours, theirs: theirs, yoursCurrency: showCurrencies ? currency : nil,
                                    theirsCurrency: showCurrencies ? remoteCurrency : nil)
        }
    }

    /// The service's line items, when they differ from the receipt's.
    private var remoteItems: [ReviewLineItem]? {
        guard let read = item.remote?.lineItems, !read.isEmpty else { return nil }
        let rows = read.enumerated().map { ReviewLineItem(id: $0.offset, item: $0.element) }
        let mine = items.filter { !$0.isBlank }
        let currency = text(.currency).isEmpty ? "CAD" : text(.currency)
        // The same items when names agree but for case and totals agree in amount; a unit price or
        // category only one side read is not worth replacing the person's items for.
        let same = rows.count == mine.count && zip(rows, mine).allSatisfy { theirs, yours in
            theirs.description.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(yours.description.trimmingCharacters(in: .whitespaces)) == .orderedSame
                && AmountText.normalized(theirs.total, currency: currency) == AmountText.normalized(yours.total, currency: currency)
        }
        return same ? nil : rows
    }

    /// "The service read 2 items, together CA$6.75." when its items differ; nil otherwise.
    public var remoteItemsText: String? {
        guard let rows = remoteItems else { return nil }
        let code = text(.currency).isEmpty ? "XXX" : text(.currency)
        let sum = rows.compactMap { AmountText.money($0.total, currency: code) }.reduce(Money(minorUnits: 0, currency: code), +)
        return String(format: trn("The service read %d item, together %@.", "The service read %d items, together %@.", rows.count),
                      rows.count, money.string(from: sum))
    }

    public var hasRemoteDifferences: Bool { !remoteDifferences.isEmpty || remoteItems != nil }

    /// Takes the service's value for one field (an edit like any other, saved with Save).
    public func useRemote(_ field: ReceiptField) {
        guard let difference = remoteDifferences.first(where: { $0.field == field }) else { return }
        setField(field, difference.theirs)
    }

    /// Replaces the items with the service's.
    public func useRemoteItems() {
        guard let rows = remoteItems else { return }
        items = rows.map { ReviewLineItem(id: nextItemId + $0.id, item: $0.base) }
        nextItemId += rows.count
    }

    /// Every value the service read differently, items included.
    public func useAllRemote() {
        // The currency first: amounts are compared in it.
        let differences = remoteDifferences
        for difference in differences.filter({ $0.field == .currency }) + differences.filter({ $0.field != .currency }) {
            setField(difference.field, difference.theirs)
        }
        useRemoteItems()
    }

    // MARK: Duplicates

    /// The warning about the first look-alike saved receipt, nil when there is none.
    public var duplicateMessage: String? {
        guard let match = duplicates.first else { return nil }
        let receipt = match.receipt
        let merchant = receipt.merchantName ?? tr("Unknown merchant")
        let date = days.string(fromISO: receipt.purchaseDate)
        let total = receipt.total.map(money.string(from:)) ?? "—"
        let message = switch match.reason {
        case .sameImage: String(format: tr("This image is already saved: %@, %@, %@."), merchant, date, total)
        case .sameDetails: String(format: tr("Possible duplicate: a receipt from %@ on %@ for %@ is already saved."), merchant, date, total)
        }
        guard duplicates.count > 1 else { return message }
        let others = duplicates.count - 1
        return message + " " + String(format: trn("%d more looks the same.", "%d more look the same.", others), others)
    }

    /// The other receipt's id, for its tooltip and for tests.
    public var duplicateId: String? { duplicates.first?.receipt.id }

    public var skipDuplicateLabel: String { mode == .batch ? tr("Skip") : tr("Discard Changes") }

    /// Off the main actor, once the person pauses typing (an OR across a join on a large store).
    private func refreshDuplicates(after delay: Duration?) {
        let store = self.store, draft = self.draft
        duplicateCheck.start(after: delay, { try await store.duplicates(of: draft) }) { [weak self] result in
            self?.duplicates = (try? result.get()) ?? []
        }
    }

    /// Returns once the newest duplicate check has been applied.
    public func duplicatesChecked() async {
        await duplicateCheck.finish()
    }

    // MARK: Intents

    /// Writes the receipt, its items and price records in one transaction, off the main actor;
    /// the returned task ends once the outcome is shown. Saving again meanwhile writes nothing more.
    @discardableResult
    public func save() -> Task<Void, Never> {
        if let saving { return saving }
        let store = store, payload = payloadToSave
        let task = saves.start({ try await store.save(payload) }) { [weak self] result in
            guard let self else { return }
            saving = nil
            switch result {
            case .success(let id):
                savedId = id
                errorMessage = nil
                onRoute(.saved(id))
            case .failure(let error):
                errorMessage = String(format: tr("Could not save the receipt: %@"), error.localizedDescription)
            }
        }
        saving = task
        return task
    }

    /// The receipt is being written; Save waits.
    public var isSaving: Bool { saving != nil }

    public func skip() { onRoute(.skipped) }

    /// A PDF read from its text is upright as it is; turning would read its pages as a picture
    /// and lose the exact text.
    public var canTurn: Bool {
        item.imagePath != nil && !isRereading && item.payload.ocrEngine != ReceiptPayload.pdfTextEngine
    }

    /// Turns the image a quarter clockwise (or back) and reads the receipt again.
    public func turn(clockwise: Bool) {
        guard canTurn else { return }
        isRereading = true
        errorMessage = nil
        onRoute(.turned(clockwise ? 1 : 3))
    }

    /// Where the receipt's paper lies in the photo, clockwise from the top left; nil when the whole picture was read.
    public var paper: [SIMD2<Double>]? { item.paper }

    /// The person moved the paper's corners: the receipt is read again within them.
    public func movePaper(to corners: [SIMD2<Double>]) {
        guard corners.count == 4, item.imagePath != nil, !isRereading else { return }
        isRereading = true
        errorMessage = nil
        onRoute(.repapered(corners))
    }

    /// The turned image could not be read: the receipt stays as it was.
    func rereadFailed(_ message: String) {
        isRereading = false
        errorMessage = String(format: tr("Could not read the receipt again: %@"), message)
    }

    /// The duplicate warning's "Skip": leave this receipt out (or, when editing, the changes).
    public func skipDuplicate() {
        mode == .batch ? skip() : requestDiscard()
    }

    /// How many receipts after this one a discard drops too.
    public var remainingAfterThis: Int { mode == .batch ? max(0, count - position) : 0 }

    /// Discarding asks first when it would lose edits or receipts not yet reviewed.
    public var discardNeedsConfirmation: Bool { isEdited || remainingAfterThis > 0 }

    public func requestDiscard() {
        if discardNeedsConfirmation {
            isConfirmingDiscard = true
        } else {
            onRoute(.discarded)
        }
    }

    public func confirmDiscard(_ confirmed: Bool) {
        guard isConfirmingDiscard else { return }
        isConfirmingDiscard = false
        if confirmed { onRoute(.discarded) }
    }

    public var discardHeading: String {
        mode == .batch ? tr("Stop Reviewing?") : tr("Discard Changes?")
    }

    public var discardBody: String {
        var parts: [String] = []
        if isEdited { parts.append(tr("Your changes to this receipt will be lost.")) }
        if mode == .batch {
            let unsaved = 1 + remainingAfterThis
            parts.append(String(format: trn("%d receipt not yet saved will be dropped.", "%d receipts not yet saved will be dropped.", unsaved), unsaved))
        }
        return parts.joined(separator: " ")
    }

    public var discardConfirmLabel: String { tr("Discard") }
}
