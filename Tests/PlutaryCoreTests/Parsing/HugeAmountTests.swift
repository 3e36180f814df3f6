import Foundation
import Testing
@testable import PlutaryCore

/// OCR can run digits together into amounts no receipt holds; such candidates
/// are dropped, so the payload never carries an amount the store would refuse.
struct HugeAmountTests {
    @Test func amountsBeyondTheLimitAreDroppedAndTheRestKept() async throws {
        let text = "WALMART\n2026-01-05\nMILK 3.20\nTV 1000000000000000.00\nSUBTOTAL 1000000000000003.20\nTOTAL 1000000000000003.20\n"
        let payload = ReceiptParser().parse(ocrText: text, hints: ParseHints(currency: "CAD"))
        #expect(payload.totalAmount == nil)
        #expect(payload.subtotalAmount == nil)
        #expect(payload.lineItems.map(\.total) == ["3.20"])
        // What the parser gives, the store takes as it is.
        let repository = ReceiptRepository(database: try AppDatabase.inMemory())
        let id = try await repository.save(payload)
        #expect(try await repository.receipt(id: id)?.lineItems.map(\.total) == ["3.20"])
    }
}
