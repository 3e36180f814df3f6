import Foundation
import Testing
@testable import PlutaryCore

@Suite("Walmart receipts")
struct WalmartStrategyTests {
    static let receipt = """
    Walmart
    Save money. Live better.
    ( 905 ) 555 - 0134
    WALMART SUPERCENTRE #3045
    1 Main St N, Brampton ON L6X 0A1
    ST# 3045 OP# 009 TE# 12 TR# 01234
    GV MILK 2% 4L   006820000912 F    5.47 D
    DORITOS NACHO   006041004123      3.98 J
    PAPER PLATES    062891543210      6.97 J
    BANANAS         000000004011 KF
       1.210 kg @ $1.52/kg            1.84 D
    SUBTOTAL                         18.26
    HST 13.0000 %                     1.42
    TOTAL                            19.68
    DEBIT TEND                       19.68
    CHANGE DUE                        0.00
    03/02/24      14:07:33
    # ITEMS SOLD 4
    """

    @Test func readsUPCRowsAndTaxCodes() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(ReceiptParser().strategy(for: ReceiptText(Self.receipt)).name == "walmart")
        #expect(payload.merchantName == "Walmart")
        #expect(payload.lineItems.map(\.description) == ["GV MILK 2% 4L", "DORITOS NACHO", "PAPER PLATES", "BANANAS"])
        #expect(payload.lineItems.map(\.taxCode) == ["ZERO", "HST", "HST", "ZERO"])
        #expect(payload.lineItems.map(\.total) == ["5.47", "3.98", "6.97", "1.84"])
    }

    @Test func theOldLogoNamesWalmartToo() {
        let old = Self.receipt.replacingOccurrences(of: "Walmart", with: "WAL*MART").replacingOccurrences(of: "WALMART", with: "WAL*MART")
        #expect(!old.uppercased().contains("WALMART"))
        #expect(ReceiptParser().strategy(for: ReceiptText(old)).name == "walmart")
        #expect(ReceiptParser().parse(ocrText: old).merchantName == "Walmart")
    }

    @Test func readsWeighedItemOnTheNextLine() {
        let bananas = ReceiptParser().parse(ocrText: Self.receipt).lineItems.last
        #expect(bananas?.quantity == "1.210")
        #expect(bananas?.unit == "kg")
        #expect(bananas?.unitPrice == "1.52")
    }

    @Test func totalsAndMonthFirstDate() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(payload.purchaseDate == "2024-03-02")
        #expect(payload.subtotalAmount == "18.26")
        #expect(payload.taxAmount == "1.42")
        #expect(payload.taxes == [TaxLinePayload(name: "HST", rate: "13", amount: "1.42")])
        #expect(payload.totalAmount == "19.68")
        #expect(payload.paymentMethod == "Debit")
        #expect(payload.currency == "CAD")
        #expect(payload.warnings.isEmpty)
    }

    @Test func aTiltedPhotosMultiBuyAndAPriceAboveItsNameAreRead() {
        // The multi-buy line run onto its row, and a price that landed on the line above its name and UPC.
        let payload = ReceiptParser().parse(ocrText: """
        Walrnart
        ST# 03037 OP# 000412 TE# 07 TR# 08812
        GREAT VALUE BUTTER 030862008168        5.97  J
        4.97 J
        GALA APPLES 3LB 015907277285
         MAINSTAYS TOWEL 043566795511        13.94   D    2 AT 1 FOR 6.97
         SUBTOTAL    24.88
         TOTAL    24.88
        09/28/24   19:52:10
        """)
        let items = payload.lineItems
        #expect(items.map(\.description) == ["GREAT VALUE BUTTER", "GALA APPLES 3LB", "MAINSTAYS TOWEL"])
        #expect(items.map(\.total) == ["5.97", "4.97", "13.94"])
        #expect(items[2].quantity == "2" && items[2].unitPrice == "6.97")
    }
}
