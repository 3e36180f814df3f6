import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct ReceiptRepositoryTests {
    private func payload() -> ReceiptPayload {
        ReceiptPayload(
            merchantName: "T&T Supermarket", purchaseDate: "2026-03-14", currency: "CAD", subtotalAmount: "5.27",
            taxAmount: "0.00", totalAmount: "5.27", paymentMethod: "Visa", category: "Groceries",
            notes: "dinner party", ocrText: "T&T SUPERMARKET\n白菜 BOK CHOY 2.98",
            lineItems: [
                LineItemPayload(description: "白菜 Bok Choy", quantity: "0.840", unitPrice: "3.55", total: "2.98", unit: "kg"),
                LineItemPayload(description: "豆腐 Tofu", total: "2.29", category: "Groceries"),
            ],
            autoFilledFields: ["merchant_name", "total_amount"])
    }

    @Test func savesAndReadsBackAReceiptWithItemsAndPriceRecords() async throws {
        let database = try AppDatabase.inMemory()
        let repository = ReceiptRepository(database: database)
        let id = try await repository.save(payload())
        let stored = try await #require(try repository.receipt(id: id))
        #expect(stored.merchantName == "T&T Supermarket")
        #expect(stored.totalAmount == "5.27")
        #expect(stored.purchaseDate == "2026-03-14")
        #expect(stored.autoFilledFields == ["merchant_name", "total_amount"])
        #expect(stored.lineItems.map(\.description) == ["白菜 Bok Choy", "豆腐 Tofu"])
        #expect(stored.lineItems[0].quantity == "0.840")
        #expect(stored.lineItems[0].unit == "kg")
        #expect(try scalar(database, "SELECT COUNT(*) FROM price_records") == 2)
        let summary = try await #require(try repository.summaries(search: nil).first)
        #expect(summary.itemCount == 2)
        #expect(summary.total == Money(minorUnits: 527, currency: "CAD"))
    }

    @Test func updatingByIdReplacesItemsInsteadOfDuplicating() async throws {
        let repository = ReceiptRepository(database: try AppDatabase.inMemory())
        let id = try await repository.save(payload())
        var edited = try await #require(try repository.receipt(id: id))
        edited.totalAmount = "6.00"
        edited.lineItems.removeLast()
        try await repository.save(edited)
        #expect(try await repository.count() == 1)
        #expect(try await repository.receipt(id: id)?.totalAmount == "6.00")
        #expect(try await repository.lineItems(receiptId: id).count == 1)
    }

    @Test func searchFindsMerchantItemsNotesAndOCRText() async throws {
        let repository = ReceiptRepository(database: try AppDatabase.inMemory())
        try await repository.save(payload())
        try await repository.save(ReceiptPayload(merchantName: "Walmart", purchaseDate: "2026-03-15", currency: "CAD", totalAmount: "4.00",
                                           lineItems: [LineItemPayload(description: "GV WHITE BREAD", total: "4.00")]))
        #expect(try await repository.summaries(search: "tofu").map(\.merchantName) == ["T&T Supermarket"])
        #expect(try await repository.summaries(search: "bre").map(\.merchantName) == ["Walmart"])
        #expect(try await repository.summaries(search: "dinner").count == 1)
        #expect(try await repository.summaries(search: "walm bread").count == 1)
        #expect(try await repository.summaries(search: "\"unbalanced").isEmpty)
        #expect(try await repository.summaries(search: "  ").count == 2)
    }

    @Test func deletingRemovesItemsPricesAndTheSearchRow() async throws {
        let database = try AppDatabase.inMemory()
        let repository = ReceiptRepository(database: database)
        let id = try await repository.save(payload())
        try await repository.delete(ids: [id])
        #expect(try await repository.count() == 0)
        #expect(try scalar(database, "SELECT COUNT(*) FROM line_items") == 0)
        #expect(try scalar(database, "SELECT COUNT(*) FROM price_records") == 0)
        #expect(try scalar(database, "SELECT COUNT(*) FROM receipt_search") == 0)
    }
}
