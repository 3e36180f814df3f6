import Foundation
import Testing
@testable import PlutaryCore

@Suite("Total candidates scored by features")
struct TotalScoringTests {
    private func total(_ text: String) -> String? {
        ReceiptParser().parse(ocrText: text).totalAmount
    }

    @Test func aRoundingLineThatPrintsTheRoundedAmountIsNotAnAdjustment() {
        // "Rounding RM 27.30" is the amount after rounding, not 27.30 to add to 27.28.
        let text = """
        KEDAI MAKAN SEDAP SDN BHD
        12/03/2018
        NASI LEMAK            2   13.64   27.28
        Total Sales (Inclusive GST)   RM 27.28
        Rounding                      RM 27.30
        CASH                          RM 27.30
        """
        #expect(["27.28", "27.30"].contains(total(text)))
    }

    @Test func aTaxAsLargeAsTheSubtotalIsNotAddedToIt() {
        // OCR put the total's amount on the GST line; subtotal + "tax" = 354.42 is no total.
        let text = """
        SYARIKAT PERNIAGAAN ABC
        02/05/2018
        Sub Total                 177.20
        Total GST                 177.22
        TOTAL                     177.20
        CASH                      200.00
        CHANGE                     22.80
        """
        #expect(total(text) == "177.20")
    }

    @Test func aTotalLineThatLostItsFirstLetterStillNamesTheTotal() {
        let text = """
        ABC HARDWARE SDN BHD
        06/01/2018
        PAINT 5L                 343,95
        hui (OTAL                343,95
        """
        #expect(total(text) == "343.95")
    }

    @Test func cashMinusChangeConfirmsTheTotal() {
        let text = """
        SUPERMARKET XYZ
        TOTAL                      18.45
        TOTAL                      16.45
        CASH                       20.00
        CHANGE                      3.55
        """
        #expect(total(text) == "16.45")
    }

    @Test func candidatesCarryFeaturesAndProbabilities() {
        let totals = ReceiptParser().candidates(ocrText: "TOTAL 12.50\nVISA 12.50\n")["total"] ?? []
        let printed = totals.first { $0.value == "12.5" }
        #expect(printed?.features["keyword"] != nil)
        #expect(printed?.features["card_tender"] == 1)
        #expect(abs(totals.map(\.confidence).reduce(0, +) - 1) < 1e-9)
    }

    @Test func manyRepeatedSummaryLinesStayBounded() {
        // Every role keeps its last few amounts, so this is not thousands cubed.
        let block = "SUBTOTAL 10.00\nROUNDING 0.01\nTOTAL 10.01\nCASH 20.00\nCHANGE 9.99\n"
        let text = String(repeating: block, count: 2_000)
        #expect(total(text) == "10.01")
    }
}
