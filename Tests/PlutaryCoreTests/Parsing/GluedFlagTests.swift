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

    @Test func aGluedFlagAfterACountAndUnitPriceIsTheirProduct() {
        // PP-OCR glued Denner's flag to the total of a row with its quantity ("2.90 1" read as "2.901"), and to the total
        // of a quantity line under its name: the count times the unit price says which digits are the price.
        let payload = ReceiptParser().parse(ocrText: """
        Denner AG
        Vollmilch UHT 1l 2 x 1.45          2.901
        Ruchbrot 500g         2.301
        Mineralwasser 1.5l
          3 x 0.65           1.951
        Total CHF  7.15
        """)
        #expect(payload.lineItems.map(\.description) == ["Vollmilch UHT 1l", "Ruchbrot 500g", "Mineralwasser 1.5l"])
        #expect(payload.lineItems.map(\.total) == ["2.90", "2.30", "1.95"])
        #expect(payload.lineItems.map(\.quantity) == ["2", "1", "3"])
    }
}
