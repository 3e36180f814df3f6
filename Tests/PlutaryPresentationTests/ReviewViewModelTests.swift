import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct ReviewViewModelTests {
    private let english = Locale(identifier: "en_US")

    /// A receipt as the parser hands it over: nothing saved yet, some fields read with low confidence.
    static func scanned(total: String = "11.30", image: String? = nil) -> ReceiptPayload {
        ReceiptPayload(
            merchantName: "No Frills", purchaseDate: "2026-03-14", currency: "CAD", subtotalAmount: "10.00", taxAmount: "1.30",
            totalAmount: total, paymentMethod: "Debit", ocrText: "NO FRILLS\nBANANAS 4.00\nMILK 6.00", imageSha256: image,
            lineItems: [LineItemPayload(description: "BANANAS", total: "4.00"), LineItemPayload(description: "MILK", total: "6.00")],
            autoFilledFields: ["merchant_name", "purchase_date", "currency", "subtotal_amount", "total_amount", "line_items"],
            fieldConfidence: ["merchant_name": 0.9, "purchase_date": 0.45, "currency": 0.8, "subtotal_amount": 0.7, "total_amount": 0.55],
            warnings: ["parser note"])
    }

    private func model(_ payload: ReceiptPayload = scanned(), store: ReceiptRepository? = nil, mode: ReviewMode = .batch,
                       position: Int = 1, count: Int = 1) throws -> (ReviewViewModel, ReceiptRepository) {
        let store = try store ?? ReceiptRepository(database: AppDatabase.inMemory())
        return (ReviewViewModel(item: ReviewItem(payload: payload, imagePath: nil), mode: mode, position: position, count: count,
                                store: store, locale: english), store)
    }

    @Test func showsWhatTheParserFilledAndWhatItWasUnsureOf() throws {
        let (viewModel, _) = try model()
        #expect(viewModel.text(.merchantName) == "No Frills")
        #expect(viewModel.isAutoFilled(.merchantName) && !viewModel.isLowConfidence(.merchantName))
        #expect(viewModel.isLowConfidence(.purchaseDate) && viewModel.isLowConfidence(.totalAmount))
        #expect(!viewModel.isAutoFilled(.paymentMethod))
        #expect(viewModel.autoFillHint(.totalAmount) == "Read from the receipt image, but only 55% sure: please check it.")
        #expect(viewModel.itemsAutoFilled)
        // Once the person types over a field, it is theirs: no mark, no highlight.
        viewModel.setField(.purchaseDate, "2026-03-15")
        #expect(!viewModel.isAutoFilled(.purchaseDate) && !viewModel.isLowConfidence(.purchaseDate))
    }

    @Test func validationWarningsFollowTheTyping() throws {
        let (viewModel, _) = try model()
        #expect(viewModel.warnings.isEmpty)
        viewModel.setField(.totalAmount, "12.30")
        #expect(viewModel.warnings == ["Subtotal, tax and tip add up to CA$11.30, but the total is CA$12.30."])
        viewModel.setField(.tipAmount, "1")
        #expect(viewModel.warnings.isEmpty)
        viewModel.setItem(viewModel.items[0].id, .total, "3.50")
        #expect(viewModel.warnings == ["The items add up to CA$9.50, but the subtotal is CA$10.00."])
        viewModel.setField(.purchaseDate, "")
        #expect(viewModel.issues.contains(.missingDate))
        #expect(viewModel.fieldsWithIssues == [.purchaseDate, .subtotalAmount])
        #expect(viewModel.itemsSummary == "2 items, together CA$9.50")
    }

    @Test func aPriceTheParserInferredIsPointedOutUntilThePersonTypesOne() throws {
        var payload = Self.scanned()
        payload.lineItems[1].priceInferred = true
        let (viewModel, _) = try model(payload)
        #expect(viewModel.warnings == ["Item 2: its price could not be read, so it is what the other items leave of the total. Check it against the receipt."])
        viewModel.setItem(viewModel.items[1].id, .total, "6.01")
        viewModel.setItem(viewModel.items[1].id, .total, "6.00")
        #expect(viewModel.warnings.isEmpty)
        #expect(viewModel.payloadToSave.lineItems.allSatisfy { $0.priceInferred == nil })
    }

    @Test func editingMarksTheReceiptEditedAndUndoingClearsIt() throws {
        let (viewModel, _) = try model()
        #expect(!viewModel.isEdited)
        viewModel.setField(.notes, "team lunch")
        #expect(viewModel.isEdited)
        viewModel.setField(.notes, "")
        #expect(!viewModel.isEdited)
        let first = viewModel.items[0].id
        viewModel.moveItem(first, by: 1)
        #expect(viewModel.items.map(\.description) == ["MILK", "BANANAS"])
        #expect(viewModel.isEdited && !viewModel.itemsAutoFilled)
        #expect(!viewModel.canMoveItem(first, by: 1))
        viewModel.moveItem(first, by: -1)
        #expect(!viewModel.isEdited)
        viewModel.addItem()
        #expect(viewModel.items.count == 3 && viewModel.isEdited)
        viewModel.removeItem(viewModel.items[2].id)
        #expect(!viewModel.isEdited)
    }

    @Test func discardAsksOnlyWhenSomethingWouldBeLost() throws {
        var routes: [ReviewRoute] = []
        let (viewModel, _) = try model(mode: .editing)
        viewModel.onRoute = { routes.append($0) }
        viewModel.requestDiscard()
        #expect(routes == [.discarded] && !viewModel.isConfirmingDiscard)

        viewModel.setField(.merchantName, "No Frills #3")
        viewModel.requestDiscard()
        #expect(viewModel.isConfirmingDiscard && routes.count == 1)
        #expect(viewModel.discardHeading == "Discard Changes?")
        viewModel.confirmDiscard(false)
        #expect(!viewModel.isConfirmingDiscard && routes.count == 1)
        viewModel.requestDiscard()
        viewModel.confirmDiscard(true)
        #expect(routes == [.discarded, .discarded])
    }

    @Test func discardingABatchAsksWhenLaterReceiptsWouldBeDropped() throws {
        let (viewModel, _) = try model(position: 1, count: 3)
        #expect(!viewModel.isEdited && viewModel.discardNeedsConfirmation)
        #expect(viewModel.discardBody == "3 receipts not yet saved will be dropped.")
        let (last, _) = try model(position: 3, count: 3)
        #expect(!last.discardNeedsConfirmation)
    }

    @Test func saveWritesTheReceiptWithItsItemsAsTyped() async throws {
        let (viewModel, store) = try model()
        var routes: [ReviewRoute] = []
        viewModel.onRoute = { routes.append($0) }
        viewModel.setField(.totalAmount, "11,30")
        viewModel.setField(.category, "  Groceries ")
        viewModel.addItem()
        let added = viewModel.items[2].id
        viewModel.setItem(added, .description, "Bag")
        viewModel.setItem(added, .total, "0,05")
        viewModel.addItem() // left blank: not saved
        await viewModel.save().value

        let id = try #require(viewModel.savedId)
        #expect(routes == [.saved(id)])
        #expect(try await store.count() == 1)
        let saved = try await #require(try store.receipt(id: id))
        #expect(saved.totalAmount == "11.30")
        #expect(saved.category == "Groceries")
        #expect(saved.lineItems.map(\.description) == ["BANANAS", "MILK", "Bag"])
        #expect(saved.lineItems.map(\.total) == ["4.00", "6.00", "0.05"])
        // Fields the person changed are no longer marked as the parser's.
        #expect(saved.autoFilledFields == ["merchant_name", "purchase_date", "currency", "subtotal_amount"])
        #expect(try store.lineItemCount() == 3)
    }

    @Test func duplicatesByImageAndByDetailsOfferSaveAnywayOrSkip() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString).jpg")
        try Data("receipt image bytes".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let hash = try await ImageLibrary(database: database).add(fileAt: file).sha256
        let firstId = try await store.save(Self.scanned(image: hash))

        // The same image again.
        let (again, _) = try model(Self.scanned(total: "99.00", image: hash), store: store)
        await again.duplicatesChecked()
        #expect(again.duplicateId == firstId)
        #expect(again.duplicateMessage == "This image is already saved: No Frills, Mar 14, 2026, CA$11.30.")

        // Another image, same merchant, date, total and currency.
        let (lookalike, _) = try model(Self.scanned(), store: store)
        await lookalike.duplicatesChecked()
        #expect(lookalike.duplicates.map(\.reason) == [.sameDetails])
        #expect(lookalike.duplicateMessage?.hasPrefix("Possible duplicate: a receipt from No Frills on Mar 14, 2026 for CA$11.30") == true)
        var routes: [ReviewRoute] = []
        lookalike.onRoute = { routes.append($0) }
        lookalike.setField(.totalAmount, "11.31")
        await lookalike.duplicatesChecked()
        #expect(lookalike.duplicates.isEmpty)
        lookalike.setField(.totalAmount, "11.30")
        await lookalike.duplicatesChecked()
        #expect(lookalike.duplicates.count == 1)
        lookalike.skipDuplicate()
        #expect(routes == [.skipped])
        #expect(try await store.count() == 1)
        await lookalike.save().value // save anyway
        #expect(try await store.count() == 2)
    }

    /// Typing runs one check once the person pauses, not one per keystroke, and never on the main actor.
    @Test func theDuplicateCheckWaitsForAPauseInTyping() async throws {
        final class Counting: ReceiptStore, @unchecked Sendable {
            private let lock = NSLock()
            private var made = 0
            private(set) var onMainThread = false
            var checks: Int { lock.withLock { made } }
            func summaries(matching query: ReceiptQuery) async throws -> [ReceiptSummary] { [] }
            func receipt(id: String) async throws -> ReceiptPayload? { nil }
            func lineItems(receiptId: String) async throws -> [LineItemPayload] { [] }
            func save(_ payload: ReceiptPayload) async throws -> String { "" }
            func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch] {
                lock.withLock {
                    made += 1
                    onMainThread = onMainThread || Thread.isMainThread
                }
                return []
            }
            func delete(ids: [String]) async throws {}
            func count() async throws -> Int { 0 }
        }
        let store = Counting()
        let viewModel = ReviewViewModel(item: ReviewItem(payload: Self.scanned(), imagePath: nil), mode: .batch, store: store,
                                        locale: english, duplicateDelay: .milliseconds(200))
        await viewModel.duplicatesChecked()
        #expect(store.checks == 1)
        for text in ["N", "No", "No F", "No Fr"] { viewModel.setField(.merchantName, text) }
        await viewModel.duplicatesChecked()
        #expect(store.checks == 2)
        #expect(!store.onMainThread)
    }

    /// Save runs off the main actor; pressed again before it is done, it writes nothing more.
    @Test func aSecondSaveWhileTheFirstRunsSavesOnce() async throws {
        let (viewModel, store) = try model()
        var routes: [ReviewRoute] = []
        viewModel.onRoute = { routes.append($0) }
        let first = viewModel.save()
        #expect(viewModel.isSaving)
        let second = viewModel.save()
        await first.value
        await second.value
        #expect(!viewModel.isSaving)
        let id = try #require(viewModel.savedId)
        #expect(routes == [.saved(id)])
        #expect(try await store.count() == 1)
    }

    @Test func aSaveThatFailsKeepsTheScreenAndSaysWhy() async throws {
        struct Full: ReceiptStore {
            struct Failure: LocalizedError { var errorDescription: String? { "disk full" } }
            func summaries(matching query: ReceiptQuery) async throws -> [ReceiptSummary] { [] }
            func receipt(id: String) async throws -> ReceiptPayload? { nil }
            func lineItems(receiptId: String) async throws -> [LineItemPayload] { [] }
            func save(_ payload: ReceiptPayload) async throws -> String { throw Failure() }
            func duplicates(of payload: ReceiptPayload) async throws -> [DuplicateMatch] { [] }
            func delete(ids: [String]) async throws {}
            func count() async throws -> Int { 0 }
        }
        let viewModel = ReviewViewModel(item: ReviewItem(payload: Self.scanned(), imagePath: nil), mode: .batch, store: Full(), locale: english)
        var routes: [ReviewRoute] = []
        viewModel.onRoute = { routes.append($0) }
        await viewModel.save().value
        #expect(routes.isEmpty && viewModel.savedId == nil)
        #expect(viewModel.errorMessage == "Could not save the receipt: disk full")
    }

    @Test func zoomStepsClampAndFit() {
        var zoom = ImageZoom()
        #expect(zoom.isFit)
        zoom.fit(scale: ImageZoom.fitScale(image: (1000, 4000), available: (500, 800)))
        #expect(zoom.scale == 0.2 && zoom.label == "20%")
        zoom.zoomIn()
        #expect(zoom.scale == 0.25 && !zoom.isFit)
        zoom.zoomOut()
        zoom.zoomOut()
        #expect(zoom.scale == 0.1 && !zoom.canZoomOut)
        zoom.zoom(by: 1000)
        #expect(zoom.scale == 8 && !zoom.canZoomIn)
        #expect(ImageZoom.fitScale(image: (200, 300), available: (800, 900)) == 1)
    }
}
