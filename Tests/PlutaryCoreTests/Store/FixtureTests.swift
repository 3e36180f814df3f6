import Foundation
import GRDB
import Testing
@testable import PlutaryCore

struct FixtureTests {
    @Test func sampleFixtureHasTheVarietyTheScreensNeed() async throws {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        let summaries = try await ReceiptRepository(database: database).summaries(search: nil)
        #expect(summaries.count >= 40)
        #expect(Set(summaries.compactMap { $0.purchaseDate?.prefix(7) }).count >= 8)
        let currencies = Set(summaries.compactMap { $0.total?.currency })
        #expect(currencies.isSuperset(of: ["CAD", "EUR", "USD"]))
        let merchants = Set(summaries.compactMap(\.merchantName))
        #expect(merchants.count >= 6)
        #expect(merchants.isSuperset(of: ["Costco Wholesale", "Walmart", "T&T Supermarket", "No Frills"]))
        #expect(summaries.allSatisfy { $0.itemCount > 0 && $0.isFixture })
        let today = ISO8601DateFormatter().string(from: Date()).prefix(10)
        #expect(summaries.allSatisfy { ($0.purchaseDate ?? "") <= String(today) })
        #expect(try scalar(database, "SELECT COUNT(*) FROM line_items WHERE description LIKE '白菜%Bok Choy%'") > 0)
    }

    @Test func fixtureTotalsAddUp() async throws {
        let database = try AppDatabase.inMemory()
        try SampleFixture.seed(database)
        let repository = ReceiptRepository(database: database)
        for summary in try await repository.summaries(search: nil) {
            let receipt = try await #require(try repository.receipt(id: summary.id))
            let currency = try #require(receipt.currency)
            let items = receipt.lineItems.compactMap { Money(decimalString: $0.total, currency: currency)?.minorUnits }.reduce(0, +)
            #expect(Money(decimalString: receipt.subtotalAmount ?? "", currency: currency)?.minorUnits == items)
            let subtotal = Money(decimalString: receipt.subtotalAmount!, currency: currency)!.minorUnits
            let tax = Money(decimalString: receipt.taxAmount!, currency: currency)!.minorUnits
            #expect(Money(decimalString: receipt.totalAmount!, currency: currency)?.minorUnits == subtotal + tax)
        }
    }

    @Test func generatorWritesTheRequestedReceiptsWithItemsAndProducts() throws {
        let database = try AppDatabase.inMemory()
        var reported: [Int] = []
        try StoreGenerator(receipts: 1200).run(into: database, batchSize: 500) { reported.append($0) }
        #expect(reported == [500, 1000, 1200])
        #expect(try scalar(database, "SELECT COUNT(*) FROM receipts") == 1200)
        let items = try scalar(database, "SELECT COUNT(*) FROM line_items")
        #expect(items >= 1200 * 5 && items <= 1200 * 15)
        #expect(try scalar(database, "SELECT COUNT(*) FROM products") > 100)
        #expect(try scalar(database, "SELECT COUNT(DISTINCT substr(purchase_date, 1, 4)) FROM receipts") >= 5)
        #expect(try scalar(database, "SELECT COUNT(DISTINCT currency) FROM receipts") == 3)
    }
}
