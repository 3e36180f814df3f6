import Foundation
import Testing
@testable import PlutaryCore

struct DuplicateTests {
    private func receipt(merchant: String = "Lidl", date: String = "2026-02-03", total: String = "12.50", currency: String = "EUR",
                         image: String? = nil) -> ReceiptPayload {
        ReceiptPayload(merchantName: merchant, purchaseDate: date, currency: currency, totalAmount: total, imageSha256: image,
                       lineItems: [LineItemPayload(description: "Vollmilch", total: total)])
    }

    @Test func sameMerchantDateTotalAndCurrencyIsADuplicate() async throws {
        let repository = ReceiptRepository(database: try AppDatabase.inMemory())
        let id = try await repository.save(receipt())
        try await repository.save(receipt(date: "2026-02-04"))
        let matches = try await repository.duplicates(of: receipt(merchant: "LIDL", total: "12,50"))
        #expect(matches.map(\.receipt.id) == [id])
        #expect(matches.map(\.reason) == [.sameDetails])
        // Any one detail different: not a duplicate.
        #expect(try await repository.duplicates(of: receipt(merchant: "Aldi")).isEmpty)
        #expect(try await repository.duplicates(of: receipt(date: "2026-02-05")).isEmpty)
        #expect(try await repository.duplicates(of: receipt(total: "12.51")).isEmpty)
        #expect(try await repository.duplicates(of: receipt(currency: "CHF")).isEmpty)
    }

    @Test func theSameImageIsADuplicateWhateverTheDetails() async throws {
        let database = try AppDatabase.inMemory()
        let repository = ReceiptRepository(database: database)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dup-\(UUID().uuidString).png")
        try Data("not really a png, but bytes to hash".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let hash = try await ImageLibrary(database: database).add(fileAt: file).sha256
        let id = try await repository.save(receipt(image: hash))
        let matches = try await repository.duplicates(of: receipt(merchant: "Something else", total: "1.00", image: hash))
        #expect(matches.map(\.receipt.id) == [id])
        #expect(matches.first?.reason == .sameImage)
    }

    @Test func aReceiptIsNotItsOwnDuplicate() async throws {
        let repository = ReceiptRepository(database: try AppDatabase.inMemory())
        let id = try await repository.save(receipt())
        var stored = try await #require(try repository.receipt(id: id))
        #expect(try await repository.duplicates(of: stored).isEmpty)
        stored.id = nil
        #expect(try await repository.duplicates(of: stored).count == 1)
    }

    @Test func withoutEnoughDetailsNothingMatches() async throws {
        let repository = ReceiptRepository(database: try AppDatabase.inMemory())
        try await repository.save(ReceiptPayload(currency: "EUR", lineItems: []))
        #expect(try await repository.duplicates(of: ReceiptPayload(currency: "EUR")).isEmpty)
    }
}
