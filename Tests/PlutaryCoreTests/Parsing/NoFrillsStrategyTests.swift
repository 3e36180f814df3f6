import Foundation
import Testing
@testable import PlutaryCore

@Suite("No Frills and Food Basics receipts")
struct NoFrillsStrategyTests {
    static let receipt = """
    NO FRILLS
    JOE'S NOFRILLS TORONTO
    (416) 555-0199
    21-GROCERY
    06038318936 PC BLK BEANS    HMRJ    1.29
    06038318936 PC BLK BEANS    HMRJ    1.29
    MULTI-BUY SAVINGS                 0.58-
    BANANAS
     1.210 kg @ $1.52/kg   MRJ          1.84
    LIMES
     2 @ $0.24                          0.48
    06770000123 CHIPS RUFFLES   H       4.49
    BOTTLE DEPOSIT                      0.10
    SUBTOTAL                            8.91
    H=HST 13% 5.88 @ 13%                0.76
    TOTAL                               9.67
    DEBIT TEND                          9.67
    CHANGE                              0.00
    10/29/23 15:11
    """

    @Test func detectsFamilyAndReadsItems() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(ReceiptParser().strategy(for: ReceiptText(Self.receipt)).name == "nofrills")
        #expect(payload.merchantName == "No Frills")
        #expect(payload.lineItems.map(\.description) == ["PC BLK BEANS", "PC BLK BEANS", "BANANAS", "LIMES", "CHIPS RUFFLES", "BOTTLE DEPOSIT"])
        #expect(payload.lineItems.map(\.taxCode) == ["HST", "HST", nil, nil, "HST", nil])
    }

    @Test func fiveLetterFlagsOfTwoTaxesKeepTheirPrices() {
        // Where GST and PST both apply, the flag has five letters ("GPMRJ"); the price before it is the row's,
        // also when OCR lost its point.
        let text = """
        REAL CANADIAN SUPERSTORE
        05863165002 PC CHICKEN BROTH 900ML            2.49   MRJ
        17901832288 CANADA DRY 12X355ML   749   GPMRJ
        11061739156 NN GARBAGE BAGS      9.49 GPMRJ
        SUBTOTAL        19.47
        G=GST 5% 16.98 @ 5.000%        0.85
        P=PST 7% 16.98 @ 7.000%      1.19
        TOTAL   21.51
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["PC CHICKEN BROTH 900ML", "CANADA DRY 12X355ML", "NN GARBAGE BAGS"])
        #expect(items.map(\.total) == ["2.49", "7.49", "9.49"])
    }

    @Test func multiBuySavingsIsADiscountOnTheItemAbove() {
        let items = ReceiptParser().parse(ocrText: Self.receipt).lineItems
        #expect(items[1].total == "0.71")
        #expect(items[1].discount == "0.58")
    }

    @Test func weightAndQuantityLinesBelongToTheNameAbove() {
        let items = ReceiptParser().parse(ocrText: Self.receipt).lineItems
        #expect(items[2].quantity == "1.210")
        #expect(items[2].total == "1.84")
        #expect(items[3].quantity == "2")
        #expect(items[3].unitPrice == "0.24")
        #expect(items[3].total == "0.48")
        #expect(items[5].category == "deposit")
    }

    @Test func summaryAddsUp() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(payload.subtotalAmount == "8.91")
        #expect(payload.taxAmount == "0.76")
        #expect(payload.totalAmount == "9.67")
        #expect(payload.purchaseDate == "2023-10-29")
        #expect(payload.warnings.isEmpty)
    }

    @Test func foodBasicsIsTheSameFamily() {
        let text = "FOOD BASICS\n#680 Toronto\nMILK 2% 4L   H    5.49\nTOTAL   5.49\n11/03/23"
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(ReceiptParser().strategy(for: ReceiptText(text)).name == "nofrills")
        #expect(payload.merchantName == "Food Basics")
        #expect(payload.purchaseDate == "2023-11-03")
    }
}
