import Foundation
import Testing
@testable import PlutaryCore

@Suite("Costco receipts")
struct CostcoStrategyTests {
    static let receipt = """
    COSTCO
    WHOLESALE
    Ottawa #543
    1900 Cyrville Rd
    Ottawa, ON K1B 1A5
    Member 111234567890
      1234567 KS WATER 40PK      4.99
      2345678 ORGANIC BANANA     2.49
      3456789 KS PAPER TOWEL    24.99 Y
    TPD/3456789                  5.00-
      4567890 ROTISSERIE CHKN    7.99
    SUBTOTAL                    35.46
    HST                          2.60
    ****  TOTAL                 38.06
    VISA                        38.06
    CHANGE                       0.00
    03/14/2024 17:42 543 12 88 1234
    TOTAL NUMBER OF ITEMS SOLD = 4
    INSTANT SAVINGS              5.00
    """

    @Test func detectsCostcoAndReadsTheSummary() {
        let text = ReceiptText(Self.receipt)
        #expect(ReceiptParser().strategy(for: text).name == "costco")
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(payload.merchantName == "Costco Wholesale")
        #expect(payload.currency == "CAD")
        #expect(payload.purchaseDate == "2024-03-14")
        #expect(payload.subtotalAmount == "35.46")
        #expect(payload.taxAmount == "2.60")
        #expect(payload.totalAmount == "38.06")
        #expect(payload.paymentMethod == "Visa")
        #expect(payload.warnings.isEmpty)
    }

    @Test func readsItemRowsAndAttachesInstantSavings() {
        let items = ReceiptParser().parse(ocrText: Self.receipt).lineItems
        #expect(items.map(\.description) == ["KS WATER 40PK", "ORGANIC BANANA", "KS PAPER TOWEL", "ROTISSERIE CHKN"])
        #expect(items[2].total == "19.99")
        #expect(items[2].discount == "5.00")
        #expect(items[2].taxCode == "Y")
        #expect(items.map(\.total) == ["4.99", "2.49", "19.99", "7.99"])
    }

    @Test func aRowWhosePriceOCRLostKeepsItsNameWithoutItsItemCode() {
        let payload = ReceiptParser().parse(ocrText: """
        COSTCO
        WHOLESALE
        E    512345 KS WATER 40PK        aod
        E    1067892 ROTISSERIE CHKN      4.99
             SUBTOTAL                     8.98
             **** TOTAL                   8.98
        04/05/2024 14:12
        """)
        #expect(payload.lineItems.map(\.description) == ["KS WATER 40PK", "ROTISSERIE CHKN"])
        #expect(payload.lineItems.map(\.total) == ["3.99", "4.99"])
    }

    @Test func toleratesOCRNoise() {
        // Logo read as C0STCO, a zero read as O, missing space before the flag.
        let noisy = Self.receipt
            .replacingOccurrences(of: "COSTCO\n", with: "C0STCO\n")
            .replacingOccurrences(of: "KS WATER 40PK      4.99", with: "KS WATER 40PK      4.9O")
            .replacingOccurrences(of: "24.99 Y", with: "24.99Y")
        let payload = ReceiptParser().parse(ocrText: noisy)
        #expect(ReceiptParser().strategy(for: ReceiptText(noisy)).name == "costco")
        #expect(payload.merchantName == "Costco Wholesale")
        #expect(payload.lineItems.first?.total == "4.90")
        #expect(payload.lineItems[2].taxCode == "Y")
        #expect(payload.totalAmount == "38.06")
    }

    @Test func aTiltedPhotosRowsKeepTheirNamesPricesAndCounts() {
        // A tilted photo: a quantity line run onto its row, whose total lost its point; a name broken in two after
        // its article's number; a price that landed on the line above its numbered name, whose saving names it.
        let payload = ReceiptParser().parse(ocrText: """
         CO5TCO WHOLESALE
          Member 111567289034
         E   1196630 BLUEBERRIES 510G    1398  2 @ 6.99
        1533077 NATURE
        VALLEY BAR        14.49 Y
         E            1054211 GROUND BEEF LEAN   21.87
          25.99 Y
                1702556 KS LAUNDRY 194LD
                553222 TPD/1702556   6.00-  Y
           SUBTOTAL   70.33
           ****   TOTAL   70.33
        """)
        let items = payload.lineItems
        #expect(items.map(\.description) == ["BLUEBERRIES 510G", "NATURE VALLEY BAR", "GROUND BEEF LEAN", "KS LAUNDRY 194LD"])
        #expect(items.map(\.total) == ["13.98", "14.49", "21.87", "19.99"])
        #expect(items[0].quantity == "2" && items[0].unitPrice == "6.99")
        #expect(items[3].discount == "6.00")
    }
}
