import Foundation
import Testing
@testable import PlutaryCore

struct ProductMatchingTests {
    @Test(arguments: [
        ("KS OLIVE OIL 3L", "kirkland signature olive oil", "3 l"),
        ("BLUEBERRIES 1.5LB", "blueberries", "1.5 lb"),
        ("Blueberries 1,5 lb", "blueberries", "1.5 lb"),
        ("Crème Fraîche", "creme fraiche", nil),
        ("AVOC HASS", "avocado hass", nil),
        ("BNLS CHKN BRST", "boneless chicken breast", nil),
        ("KS DISH TABS 115CT", "kirkland signature dish tabs", "115 ct"),
        ("2% YOGURT 750G", "2% yogurt", "750 g"),
        ("茉莉香米 Jasmine Rice 8kg", "茉莉香米 jasmine rice", "8 kg"),
    ] as [(String, String, String?)])
    func keysFoldCaseAccentsAbbreviationsAndSplitSizes(name: String, base: String, size: String?) {
        let key = ProductKey(name: name)
        #expect(key.base == base)
        #expect(key.size == size)
    }

    private func matcher(_ names: [String]) -> ProductMatcher {
        var matcher = ProductMatcher()
        for (index, name) in names.enumerated() { matcher.add(id: Int64(index + 1), key: matcher.key(for: name)) }
        return matcher
    }

    @Test func matchesTheSameProductWrittenDifferently() {
        let matcher = matcher(["AVOC HASS", "KS OLIVE OIL 3L", "白菜 Bok Choy", "TOMATOES ON VINE", "BANANAS", "Crème fraîche"])
        #expect(matcher.match("Avocado Hass") == 1)
        #expect(matcher.match("ks olive oil 3 l") == 2)
        #expect(matcher.match("KS OLIVE OIL 1L") == nil)
        // Bilingual names match on either part.
        #expect(matcher.match("BOK CHOY") == 3)
        #expect(matcher.match("白菜") == 3)
        #expect(matcher.match("白菜 BOKCHOY") == 3)
        // OCR slips are caught by the fuzzy match…
        #expect(matcher.match("TOMATOES ON VLNE") == 4)
        #expect(matcher.match("TOMATOE5 ON VINE") == 4)
        // …but different words are different products.
        #expect(matcher.match("BANANAS ORGANIC") == nil)
        #expect(matcher.match("BANANA CHIPS") == nil)
        #expect(matcher.match("CREME FRAICHE") == 6)
        #expect(matcher.match("   ") == nil)
    }

    @Test func theAbbreviationTableIsEditable() async throws {
        let database = try AppDatabase.inMemory()
        let catalog = ProductRepository(database: database)
        #expect(try await catalog.abbreviations().expansion(of: "AVOC") == "avocado")
        try await catalog.setAbbreviation("TP", expansion: "Toilet Paper")
        let store = ReceiptRepository(database: database)
        try await store.save(ReceiptPayload(merchantName: "A", purchaseDate: "2026-01-01", currency: "CAD", totalAmount: "5.00",
                                      lineItems: [LineItemPayload(description: "TP 12RL", total: "5.00")]))
        try await store.save(ReceiptPayload(merchantName: "B", purchaseDate: "2026-01-02", currency: "CAD", totalAmount: "6.00",
                                      lineItems: [LineItemPayload(description: "Toilet Paper 12 rl", total: "6.00")]))
        #expect(try await catalog.products(search: nil).count == 1)
        #expect(try await catalog.products(search: "toilet").first?.purchaseCount == 2)
        try await catalog.setAbbreviation("TP", expansion: nil)
        #expect(try await catalog.abbreviations().expansion(of: "TP") == nil)
    }

    @Test func savedItemsAreMatchedAndPriceRecordsKeepUnitPrices() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        try await store.save(ReceiptPayload(merchantName: "No Frills", purchaseDate: "2026-01-05", currency: "CAD", totalAmount: "4.87",
                                      lineItems: [LineItemPayload(description: "AVOC HASS", quantity: "3", total: "3.87"),
                                                  LineItemPayload(description: "BANANAS", quantity: "0.500", unitPrice: "2.00",
                                                                  total: "1.00", unit: "kg")]))
        try await store.save(ReceiptPayload(merchantName: "Walmart", purchaseDate: "2026-02-05", currency: "CAD", totalAmount: "1.40",
                                      lineItems: [LineItemPayload(description: "Avocado Hass", total: "1.40")]))
        let catalog = ProductRepository(database: database)
        let products = try await catalog.products(search: nil)
        #expect(products.count == 2)
        let avocado = try #require(products.first { $0.name == "AVOC HASS" })
        #expect(avocado.purchaseCount == 2)
        let detail = try await #require(try catalog.detail(id: avocado.id))
        #expect(detail.history.map(\.price.minorUnits) == [129, 140])
        #expect(detail.history.map(\.merchant) == ["No Frills", "Walmart"])
        #expect(Set(detail.names) == ["AVOC HASS", "Avocado Hass"])
        let bananas = try #require(products.first { $0.name == "BANANAS" })
        #expect(bananas.unit == "kg")
        #expect(bananas.latestPrice == Money(minorUnits: 200, currency: "CAD"))
    }

    @Test func mergeAndSplitMoveThePurchasesAndStickForLaterReceipts() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        func buy(_ name: String, _ day: String, _ total: String) async throws {
            try await store.save(ReceiptPayload(merchantName: "Shop", purchaseDate: day, currency: "CAD", totalAmount: total,
                                          lineItems: [LineItemPayload(description: name, total: total)]))
        }
        try await buy("COCA COLA 2L", "2026-01-01", "2.50")
        try await buy("COKE 2L", "2026-01-08", "2.60")
        let catalog = ProductRepository(database: database)
        var products = try await catalog.products(search: nil)
        #expect(products.count == 2)
        let cola = try #require(products.first { $0.name == "COCA COLA 2L" })
        let coke = try #require(products.first { $0.name == "COKE 2L" })
        try await catalog.merge([coke.id], into: cola.id)
        products = try await catalog.products(search: nil)
        #expect(products.map(\.id) == [cola.id])
        #expect(products[0].purchaseCount == 2)
        // A later "COKE 2L" goes to the merged product.
        try await buy("COKE 2L", "2026-02-01", "2.70")
        #expect(try await catalog.products(search: nil).map(\.purchaseCount) == [3])

        let split = try await catalog.split(cola.id, names: ["COKE 2L"])
        products = try await catalog.products(search: nil)
        #expect(Set(products.map(\.id)) == [cola.id, split])
        #expect(products.first { $0.id == split }?.purchaseCount == 2)
        #expect(try await catalog.detail(id: split)?.history.map(\.price.minorUnits) == [260, 270])
        try await buy("Coke 2 L", "2026-03-01", "2.80")
        #expect(try await catalog.products(search: nil).count == 2)
        #expect(try await catalog.detail(id: split)?.history.count == 3)
        #expect(try await catalog.detail(id: cola.id)?.history.count == 1)
    }

    @Test func similarProductsAreMergeCandidates() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        for name in ["ORANGE JUICE 1L", "ORANGE JCE 2L", "APPLE JUICE 1L", "DISH SOAP"] {
            try await store.save(ReceiptPayload(merchantName: "Shop", purchaseDate: "2026-01-01", currency: "CAD", totalAmount: "1.00",
                                          lineItems: [LineItemPayload(description: name, total: "1.00")]))
        }
        let catalog = ProductRepository(database: database)
        let products = try await catalog.products(search: nil)
        #expect(products.count == 4)
        let orange = try #require(products.first { $0.name == "ORANGE JUICE 1L" })
        #expect(try await catalog.similar(to: orange.id, limit: 5).map(\.name) == ["ORANGE JCE 2L", "APPLE JUICE 1L"])
    }

    @Test func theProductsListShowsTrendsAndASparkline() async throws {
        let database = try AppDatabase.inMemory()
        let store = ReceiptRepository(database: database)
        let prices = ["2025-03": "2.00", "2025-06": "2.10", "2025-10": "2.20", "2025-12": "2.40", "2026-03": "2.50"]
        for (month, price) in prices {
            try await store.save(ReceiptPayload(merchantName: "Shop", purchaseDate: month + "-10", currency: "CAD", totalAmount: price,
                                          lineItems: [LineItemPayload(description: "MILK 2L", total: price)]))
        }
        let today = DayFormatter.date(fromISO: "2026-03-20")!
        let milk = try await #require(try ProductRepository(database: database).products(search: "milk", today: today).first)
        #expect(milk.latestPrice == Money(minorUnits: 250, currency: "CAD"))
        // Against December (3 months before) and March 2025 (12 months before).
        #expect(abs(milk.change3Months! - (2.5 / 2.4 - 1)) < 1e-9)
        #expect(abs(milk.change12Months! - 0.25) < 1e-9)
        #expect(milk.sparkline == [210, 220, 240, 250])
    }

    @Test func inflationAveragesTheProductsBoughtAtBothEnds() async throws {
        let database = try await AnalyticsFixture.make()
        let inflation = try await ProductRepository(database: database).inflation(range: AnalyticsFixture.range)
        #expect(inflation.map(\.category) == [.named("Household"), .named("Groceries")])
        #expect(abs(inflation[0].change - 0.2) < 1e-9)
        #expect(abs(inflation[1].change) < 1e-9 && inflation[1].productCount == 2)
    }
}
