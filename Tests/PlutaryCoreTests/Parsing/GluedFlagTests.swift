import Foundation
import Testing
@testable import PlutaryCore

@Suite("Item prices with a glued VAT code")
struct GluedFlagTests {
    @Test func aVATCodeReadAsDigitsOrGluedOnKeepsThePrice() {
        let text = """
        ALDI SÜD
        BIO HONIG                3.2938
        GUTFRIED GEFLÜGEL        1,5958
        FRISCHKÄSE KREATION      0,99A
        ZU ZAHLEN EURO           5,87
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.total) == ["3.29", "1.59", "0.99"])
    }
}
