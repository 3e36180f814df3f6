import Foundation
import PlutaryCore
import Testing
@testable import PlutaryPresentation

@MainActor
struct ReviewCoordinatorTests {
    private func started(sample: Bool = false) throws -> (AppCoordinator, MainCoordinator, RecordingNavigator, AppEnvironment) {
        let database = try AppDatabase.inMemory()
        if sample { try SampleFixture.seed(database) }
        let environment = AppEnvironment.inMemory(database: database, version: "test")
        let navigator = RecordingNavigator()
        let app = AppCoordinator(environment: environment, navigator: navigator)
        app.start()
        return (app, try #require(app.main), navigator, environment)
    }

    private func scanned(_ merchant: String, total: String) -> ReviewItem {
        var payload = ReviewViewModelTests.scanned(total: total)
        payload.merchantName = merchant
        return ReviewItem(payload: payload, imagePath: "/tmp/\(merchant).jpg")
    }

    @Test func aBatchGoesSaveAndNextThenSkipThenFinishes() async throws {
        let (_, main, navigator, environment) = try started()
        main.review([scanned("Walmart", total: "11.30"), scanned("Costco", total: "11.30"), scanned("Lidl", total: "11.30")])
        let review = try #require(main.review)
        let first = try #require(navigator.reviewViewModel)
        #expect(first.title == "Receipt 1 of 3" && first.saveLabel == "Save and Next" && first.showsSkip)
        await first.save().value
        let second = try #require(navigator.reviewViewModel)
        #expect(second !== first && second.title == "Receipt 2 of 3")
        second.skip()
        let third = try #require(navigator.reviewViewModel)
        #expect(third.title == "Receipt 3 of 3" && third.saveLabel == "Save")
        await third.save().value

        #expect(Array(navigator.events.suffix(4)) == [.review(1), .review(2), .review(3), .closeReview])
        #expect(review.savedIds.count == 2 && review.skippedCount == 1 && review.isFinished)
        #expect(main.review == nil)
        #expect(try await environment.receipts.summaries(search: nil).compactMap(\.merchantName).sorted() == ["Lidl", "Walmart"])
        // The list was refreshed when the review ended.
        let receipts = try #require(main.children[.receipts] as? ReceiptsCoordinator)
        await receipts.viewModel.reload().value
        #expect(receipts.viewModel.rows.count == 2)
    }

    @Test func discardEndsTheBatchWithoutSavingTheRest() async throws {
        let (_, main, navigator, environment) = try started()
        main.review([scanned("A", total: "11.30"), scanned("B", total: "11.30")])
        let first = try #require(navigator.reviewViewModel)
        first.requestDiscard()
        #expect(first.isConfirmingDiscard)
        first.confirmDiscard(true)
        #expect(navigator.events.last == .closeReview && main.review == nil)
        #expect(try await environment.receipts.count() == 0)
    }

    @Test func moreReceiptsJoinABatchUnderWay() throws {
        let (_, main, navigator, _) = try started()
        main.review([scanned("A", total: "11.30")])
        let first = try #require(navigator.reviewViewModel)
        #expect(first.title == "Receipt 1 of 1")
        main.review([scanned("B", total: "11.30")])
        #expect(first.title == "Receipt 1 of 2" && first.saveLabel == "Save and Next")
        first.skip()
        #expect(navigator.reviewViewModel?.title == "Receipt 2 of 2")
    }

    @Test func aSavedReceiptReopenedFromTheListIsUpdatedNotDuplicated() async throws {
        let (_, main, navigator, environment) = try started(sample: true)
        let receipts = try #require(main.children[.receipts] as? ReceiptsCoordinator)
        await receipts.viewModel.reload().value
        let row = try #require(receipts.viewModel.rows.first)
        let before = try await environment.receipts.count()
        receipts.viewModel.open(id: row.id)
        await main.reopened()

        let viewModel = try #require(navigator.reviewViewModel)
        #expect(viewModel.mode == .editing && viewModel.title == "Edit Receipt")
        #expect(viewModel.saveLabel == "Save" && viewModel.discardLabel == "Cancel" && !viewModel.showsSkip)
        await viewModel.duplicatesChecked()
        #expect(viewModel.duplicates.isEmpty)
        let stored = try #require(try await environment.receipts.receipt(id: row.id))
        #expect(viewModel.items.count == stored.lineItems.count)
        viewModel.setField(.notes, "checked against the bank statement")
        viewModel.setItem(viewModel.items[0].id, .description, "Renamed item")
        await viewModel.save().value

        #expect(navigator.events.last == .closeReview)
        #expect(try await environment.receipts.count() == before)
        let updated = try #require(try await environment.receipts.receipt(id: row.id))
        #expect(updated.notes == "checked against the bank statement")
        #expect(updated.lineItems.first?.description == "Renamed item")
        #expect(updated.lineItems.count == stored.lineItems.count)
        // Stored item ids survive the edit, so price records follow their items.
        #expect(updated.lineItems.map(\.id) == stored.lineItems.map(\.id))
        await receipts.viewModel.reload().value
        #expect(receipts.viewModel.rows.count == before)
    }

    @Test func anImportWhileEditingASavedReceiptWaitsForTheEditToEnd() async throws {
        let (_, main, navigator, _) = try started(sample: true)
        let receipts = try #require(main.children[.receipts] as? ReceiptsCoordinator)
        await receipts.viewModel.reload().value
        receipts.viewModel.open(id: try #require(receipts.viewModel.rows.first).id)
        await main.reopened()
        let editing = try #require(navigator.reviewViewModel)
        main.review([scanned("A", total: "11.30"), scanned("B", total: "11.30")])
        #expect(editing.title == "Edit Receipt" && main.waitingForReview.count == 2)
        editing.requestDiscard()
        let batch = try #require(navigator.reviewViewModel)
        #expect(batch.title == "Receipt 1 of 2" && batch.mode == .batch && main.waitingForReview.isEmpty)
    }

    @Test func anUnknownReceiptIdOpensNothing() async throws {
        let (_, main, navigator, _) = try started(sample: true)
        main.reopen(receiptId: "no-such-receipt")
        await main.reopened()
        #expect(main.review == nil && navigator.reviewViewModel == nil)
    }
}
