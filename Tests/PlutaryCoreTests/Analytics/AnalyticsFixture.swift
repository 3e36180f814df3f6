import Foundation
@testable import PlutaryCore

/// Five receipts over January and February 2026 whose sums are worked out by
/// hand in the tests: CAD, EUR (with a rate), USD (without), one with no items.
enum AnalyticsFixture {
    static let range = DayRange(start: "2026-01-01", end: "2026-02-28")

    static func make() async throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        func item(_ name: String, _ total: String, _ category: String) -> LineItemPayload {
            LineItemPayload(description: name, unitPrice: total, total: total, category: category)
        }
        try await store.save(ReceiptPayload(merchantName: "No Frills", purchaseDate: "2026-01-10", currency: "CAD",
                                      subtotalAmount: "10.00", taxAmount: "0.65", totalAmount: "10.65", category: "Groceries",
                                      lineItems: [item("MILK", "2.00", "Groceries"), item("BREAD", "3.00", "Groceries"),
                                                  item("SOAP", "5.00", "Household")]))
        try await store.save(ReceiptPayload(merchantName: "No Frills", purchaseDate: "2026-02-12", currency: "CAD",
                                      subtotalAmount: "10.90", taxAmount: "0.78", totalAmount: "11.68", category: "Groceries",
                                      lineItems: [item("MILK", "2.20", "Groceries"), item("BREAD", "2.70", "Groceries"),
                                                  item("SOAP", "6.00", "Household")]))
        try await store.save(ReceiptPayload(merchantName: "Lidl", purchaseDate: "2026-02-05", currency: "EUR", totalAmount: "10.00",
                                      lineItems: [item("Vollmilch", "10.00", "Groceries")]))
        try await store.save(ReceiptPayload(merchantName: "Target", purchaseDate: "2026-02-20", currency: "USD", totalAmount: "20.00",
                                      lineItems: [item("Phone Charger", "20.00", "Electronics")]))
        try await store.save(ReceiptPayload(merchantName: "Bistro", purchaseDate: "2026-02-21", currency: "CAD", totalAmount: "30.00",
                                      category: "Dining"))
        // Outside the range: must not count.
        try await store.save(ReceiptPayload(merchantName: "Bistro", purchaseDate: "2025-12-31", currency: "CAD", totalAmount: "99.00",
                                      category: "Dining"))
        try await ExchangeRateRepository(database: database).save(
            ExchangeRate(day: "2026-02-01", base: "EUR", quote: "CAD", rate: Decimal(string: "1.5")!))
        return database
    }
}
