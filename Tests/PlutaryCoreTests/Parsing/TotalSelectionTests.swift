import Foundation
import Testing
@testable import PlutaryCore

@Suite("Total candidates, arithmetic and warnings")
struct TotalSelectionTests {
    @Test func garbledTotalLineIsOutvotedByArithmetic() {
        // The TOTAL amount lost a digit; "GRAND T0TAL" and tender minus change agree on 23.45.
        let text = """
        CORNER CAFE
        2018-12-25
        LATTE                4.50
        SANDWICH            16.25
        SUBTOTAL            20.75
        TAX                  2.70
        TOTAL                3.45
        GRAND T0TAL         23.45
        CASH                30.00
        CHANGE               6.55
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.totalAmount == "23.45")
        #expect(payload.subtotalAmount == "20.75")
    }

    @Test func aSubtotalBelowTheTaxThatHoldsItGetsNoTaxAddedAgain() {
        // The total's amount is garbled; the subtotal is printed below the tax with the amount
        // before tax above both (40.00 + 2.40 = 42.40), so it already holds the tax.
        let text = """
        WAHIN HARDWARE SDN BHD
        04/12/17
        MINI ROLLER REFILL
        2       2.6500        5.30 SR
        BLACK OXIDE PAINT
        1     34.7000       34.70 SR
        Gross Amount :     40.00
        Total GST Amt :       2.40
        Sub Total     :       42.40
        Total (RM):      em
        Amount Paid:      ~aE.40
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "42.40")
        // Printed above the tax, a subtotal is before tax: the tax is added.
        let before = """
        WAHIN HARDWARE SDN BHD
        04/12/17
        Sub Total     :       40.00
        Total GST Amt :       2.40
        Total (RM):      em
        """
        #expect(ReceiptParser().parse(ocrText: before).totalAmount == "42.40")
    }

    @Test func aTotalThatIncludesATaxStatesTheTaxBelowIt() {
        // Under the total, "Total includes GST" prints the tax the total holds; printing the total itself, it is a total line.
        let australian = ReceiptParser().parse(ocrText: """
        Woolworths
        23/03/2024 16:47
        Colgate Toothpaste 115g             4.50
        Finish Quantum 36pk                32.00
        TOTAL                              36.50
        EFT                                36.50
        Total includes GST                  3.32
        """)
        #expect(australian.totalAmount == "36.50")
        #expect(australian.taxAmount == "3.32")
        #expect(australian.lineItems.map(\.total) == ["4.50", "32.00"])
        let malaysian = ReceiptParser().parse(ocrText: """
        KEDAI MAKAN SDN BHD
        12/01/2018
        NASI LEMAK                          9.00
        Total Includes GST 6%               9.00
        CASH                               10.00
        CHANGE                              1.00
        """)
        #expect(malaysian.totalAmount == "9.00")
        #expect(malaysian.taxAmount == nil)
    }

    @Test func indiasNetPayableUnderItsGSTBreakup() {
        // The breakup's header names a Total column: its first row is no total. Each row's tax is CGST plus SGST.
        let payload = ReceiptParser().parse(ocrText: """
        Avenue Supermarts Ltd.
        GSTIN: 27AACCA8432H1ZQ
        Bill No: 0412/77180     Bill Dt: 14/01/2024
        0401  AMUL TAAZA MILK 1L       2   54.00   108.00
        3401  LIFEBUOY SOAP 4X100G     1  132.00   132.00
        Items: 2   Qty: 3              240.00
        GST Breakup Details ( Amount in INR )
        GST IND   Taxable     CGST     SGST    Total
        A   0%     108.00     0.00     0.00   108.00
        D  18%     111.86    10.07    10.07   132.00
        Net Payable                     240.00
        UPI                             240.00
        """)
        #expect(payload.totalAmount == "240.00")
        #expect(payload.taxAmount == "20.14")
        #expect(payload.currency == "INR")
    }

    @Test func aTotalPrintedTwiceIsNoMisreadOfASumADigitOff() {
        // The VAT table leaves the deposit out (Dutch statiegeld): its rows' gross adds up to 5.25, a
        // digit from the 5.85 that the total and the payment both print (its tender word misread), and
        // the items do not add up (OCR lost a price).
        let text = """
        Jumbo Utrecht
        25-01-2020 11:09
        Jumbo Bruin Bier 6x30cl          4,49
        Stafiegeld                       0,60
        Boerenkool                       0,7
        Totaal 5,85
        PlN 5,85
        BTW Excl.     BTW      Incl.
        9%      0,70    0,06     0,76
        21% 3,71    0,78     4,49
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.totalAmount == "5.85")
        // "Stafiegeld" is Statiegeld with a slip: a deposit.
        #expect(payload.lineItems.map(\.category) == [nil, "deposit", nil])
    }

    @Test func aTotalWhoseDecimalPointWasReadAsADashIsStillRead() {
        let text = """
        FIVE STAR CASH & CARRY
        15/03/2018
        KISMIS 500GM   2 @ 9.90    19.80
        NET  TOTAL    19-80
        CASH          20.00
        CHANGE         0.20
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "19.80")
        // Only a summary line's missing amount is read so: a date-like item code stays a code.
        #expect(AmountScanner.amounts(in: "ITEM 12-05").isEmpty)
    }

    @Test func anAmountPrintedThreeTimesBeatsATaxNoteWhenTheTotalsLabelIsGarbled() {
        // OCR turned "Total" into "ang"; the only line read as a total is the tax note, which a
        // receipt that rounds to 5 cents could not charge.
        let text = """
        KING'S CONFECTIONERY S/B
        Date:11/03/18 21:30
        KAYA PUFF  4  1.60  0   6.40 S
        Slice Cak   8.70    8.70 S
        Cheese Ta   1     3.40  0   3.40 S
        Qty     6           18.50
        Rounding Adj -  0.00
        ang            18.50
        Pay         18.50
        Change       0.00
        (Total Included GST 0 6% : 1.07)
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "18.50")
    }

    @Test func neverTakesSubtotalSavingsOrCountsAsTotal() {
        let text = """
        SHOP
        2019-01-05
        APPLE                1.00
        PEAR                 2.00
        SUBTOTAL             3.00
        TOTAL SAVINGS        9.99
        TOTAL QTY            2.00
        TOTAL ITEMS          2.00
        TOTAL TAX            0.00
        TOTAL                3.00
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "3.00")
    }

    @Test func tipIsReadAndAddsToTheTotal() {
        let text = "BISTRO 9\n2020-06-01\nSUBTOTAL 40.00\nGST 5% 2.00\nTIP 6.00\nTOTAL 48.00"
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.tipAmount == "6.00")
        #expect(payload.totalAmount == "48.00")
        #expect(payload.warnings.isEmpty)
    }

    @Test func warnsWhenTheNumbersDoNotAddUp() {
        let text = "SHOP\n2019-01-05\nAPPLE 20.20\nPEAR 21.00\nSUBTOTAL 41.02\nTAX 5.33\nTOTAL 46.40"
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.warnings.contains("items sum to 41.20 but subtotal is 41.02"))
        #expect(payload.warnings.contains("subtotal 41.02 plus tax 5.33 is 46.35 but total is 46.40"))
    }

    @Test func warnsAboutMissingDateAndTotal() {
        let payload = ReceiptParser().parse(ocrText: "SHOP\nAPPLE 1.00")
        #expect(payload.warnings.contains("no purchase date found"))
        #expect(payload.warnings.contains("no total found"))
        #expect(payload.totalAmount == nil)
    }

    @Test func fillsBookkeepingFields() {
        let text = "SHOP\n2019-01-05\nAPPLE 1.00\nTOTAL 1.00"
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.ocrText == text)
        #expect(payload.source == nil)
        #expect(payload.autoFilledFields.contains("total_amount"))
        #expect(payload.autoFilledFields.contains("purchase_date"))
        #expect(payload.autoFilledFields.contains("merchant_name"))
        #expect((payload.fieldConfidence["total_amount"] ?? 0) > 0.5)
        #expect((payload.confidence ?? 0) > 0)
    }

    @Test func netTotalIsATotalNotAVatColumnHeader() {
        // "Net Total" reads "NETTOTAL" without its space; it must not pass for a German "Netto" column.
        let text = """
        HARDWARE SHOP SDN BHD
        01-03-18
        AIR ADAPTOR       4.00     20.00 SR
        GST @ 6% :                  1.20
        Net Total(MYR): 21.20
        Rounding Adj. :             0.00
        Cash            :          21.20
        Change          :           0.00
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "21.20")
        #expect(ReceiptParser().parse(ocrText: text.replacingOccurrences(of: "Net Total", with: "Nett Total")).totalAmount == "21.20")
    }

    @Test func totalOneDigitFromCashMinusChangeIsAMisread() {
        // "37.00" is printed once and nothing adds up to it; cash 101.00 − change 70.00 does reach 31.00.
        let text = """
        ABC TRADING
        09/01/2019
        PLASTIC BAGS        2   15.50   31.00
        Total Amount:       37.00
        Cash Received      101.00
        Change :            70.00
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "31.00")
    }

    @Test func misreadTenderDoesNotOverruleTheTotal() {
        // The card line lost a digit (26.81); the total line and the items agree on 28.81.
        let text = """
        MARKT
        03.04.2020
        APFELSAFT          1,49 A
        KAFFEE            27,32 A
        SUMME EUR         28,81
        MASTERCARD EUR    26,81
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "28.81")
        // Cash with change 0.01: 59.99 is one digit from the total but the single item confirms 49.99.
        let single = "BAUMARKT\n06.04.2020\nBOHRMASCHINE 1.000 STK 49,99\nSUMME EUR 49,99\nGEGEBEN BAR 60,00\nRUECKGELD EUR 0,01"
        #expect(ReceiptParser().parse(ocrText: single).totalAmount == "49.99")
    }

    @Test func changeOfZeroMakesTheTenderTheAmountDue() {
        // The subtotal line is misread (43.00 for 13.00); cash 13.80 with no change backs the total.
        let text = """
        FOOD COURT RESTAURANT
        20/03/2018
        NASI LEMAK          13.00
        SUB TOTAL           43.00
        SERVICE TAX 6%       0.78
        ROUNDING             0.02
        TOTAL               13.80
        CASH                13.80
        CHANGE               0.00
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "13.80")
    }

    @Test func totalAfterAdjustmentIsTheRoundedAmountDue() {
        // The change is misread (26.00 for 25.00), so cash − change says 74.00, one digit from
        // 75.00; the two total lines within a rounding of each other keep 75.00.
        let text = """
        AEON CO. (M) BHD
        06/03/2018
        AMBROSIAL GREEK YOGURT      75.06
        Total Sales Incl GST        75.06
        Total After Adj Incl GST    75.00
        CASH                       100.00
        Item Count 1   Change Amt   26.00
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "75.00")
    }

    @Test func aTotalInOddCentsGivesWayToItsRoundedAmountPrintedBelow() {
        // 60.31 less the rounding's 0.01 is the 60.30 printed, unlabelled, under it; with no such
        // line the printed total stands (SROIE's receipts are labelled so).
        let text = "KEDAI RUNCIT\n25/03/2018\nBERAS 5KG   60.31\nTOTAL AMT.....   60.31\nROUNDING ADJ...   -0.01\nRM   60.30\nCASH   70.30"
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "60.30")
        #expect(ReceiptParser().parse(ocrText: text.replacingOccurrences(of: "RM   60.30\n", with: "")).totalAmount == "60.31")
    }

    @Test func aTaxLargerThanItsRateAllowsIsMisread() {
        // "6.50" is 0.50 with its 0 read as 6, beyond 5 % of anything on the receipt; the total's
        // excess over the subtotal is the tax then.
        let walmart = ReceiptParser().parse(ocrText: """
        WAL*MART
        TIDE PODS 39  03700087451      9.97 J
        GV WATER 24PK 06038312211 F    6.64 D
                      SUBTOTAL        16.61
             GST 5.0000 %             6.50
                      TOTAL           17.81
             VISA TEND                17.81
           04/18/15       19:07:12
        """)
        #expect(walmart.taxAmount == "1.20")
        #expect(walmart.totalAmount == "17.81")
        // Without a subtotal, no tax is half of what was paid.
        let aldi = ReceiptParser().parse(ocrText: """
        ALDI
        Kitchen Roll 4pk         6.92 B
        TOTAL                    6.92
        Card                     6.92
        Total VAT                6.42
        10/03/24 17:22
        """)
        #expect(aldi.taxAmount == nil)
        // A leading 0 misread: 0,37 is 5,5 % of 6,67, where 6,37 is nothing's.
        let leclerc = ReceiptParser().parse(ocrText: """
        E.Leclerc
        YAOURT NATURE X8                 7,04
        TOTAL A PAYER                    7,04
        TVA 5,50%  HT  6,67  TVA  6,37
        Le 03/04/2024 a 10:21:44
        """)
        #expect(leclerc.taxAmount == "0.37")
    }

    @Test func aTaxLineWhoseAmountOCRGarbledIsWhatTheTotalAddsToTheSubtotal() {
        // "2531" and "SELL" are 2.31 and 3.11 garbled; a tip printed after the total is no tax.
        let pharmacy = ReceiptParser().parse(ocrText: """
        SHOPPERS DRUG MART
        ADVIL LIQUI-GELS 40        H    17.87
           SUBTOTAL                     17.87
           HST 13%                       2531
           TOTAL                        20.18
        2015/08/11 14:22:57
        """)
        #expect(pharmacy.taxAmount == "2.31")
        let diner = ReceiptParser().parse(ocrText: """
        JOE'S DINER
        04/12/2024 7:45 PM
        1 Cheeseburger                 34.56
        Subtotal                       34.56
        Tax                          SELL
        Total                          37.67
        Tip                             6.00
        Total w/ Tip                   43.67
        """)
        #expect(diner.taxAmount == "3.11")
        // A sentence that mentions the tax names no amount of it.
        let inclusive = ReceiptParser().parse(ocrText: """
        KEDAI MAKAN
        25/03/2018
        NASI AYAM                      10.00
        Subtotal                       10.00
        Total                          10.00
        PRICE IS GST INCLUSIVE
        """)
        #expect(inclusive.taxAmount == nil)
    }

    @Test func summaryAmountsWithAMisreadDecimalAreStillRead() {
        // "RM 64 13" lost its point, "NET TOTAL 174.9" its last digit; both are still read, and the
        // rounding and the change (100.00 - 35.85) make 64.15 the amount due.
        let spaced = "KEDAI MAKAN\n25/03/2018\nNASI AYAM  RM 58 30\nService Charge  RM 5 83\nTotal Sales(Incl. GST 6%)  RM 64 13\nRounding Adjustment  RM 0. 02\nCASH  RM 100. 00\nCHANGE  RM 35. 85"
        #expect(ReceiptParser().parse(ocrText: spaced).totalAmount == "64.15")
        let short = "THREE STOOGES\n12/03/2018\n1 SUB TOTAL   165.00\nGST 6%  9.90\nNET TOTAL     174.9\nCASH  200.00\nCHANGE  25.10"
        #expect(ReceiptParser().parse(ocrText: short).totalAmount == "174.90")
    }

    @Test func roundedSumOfPrintedAmountsCorrectsATotalOneDigitOff() {
        // The tax lost its point ("637"); subtotal + tax + rounding lands on the cash amount 112.45,
        // one digit from the printed 112.46, which no cash rounding would print.
        let text = """
        PERNIAGAAN ZHENG HUI
        12/02/2018
        (Excluded GST) Sub Total(RM) :    106.10
        Discount (RM) :    0.00
        Total GST (RM) :     637
        Rounding (RM) :   -0.02
        Total (RM): 112.46
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.taxAmount == "6.37")
        #expect(payload.totalAmount == "112.45")
        // Without the rounding line nothing says 112.46 is wrong.
        #expect(ReceiptParser().parse(ocrText: text.replacingOccurrences(of: "Rounding (RM) :   -0.02\n", with: "")).totalAmount == "112.46")
    }

    @Test func tendersThatTogetherPayTheTotalAreItsParts() {
        // A gift card and a card pay 62.00 between them; a rewards discount below the subtotal keeps
        // subtotal + tax from confirming it. Neither part is the total.
        let split = """
        CVS/pharmacy
        04/04/2025 3:18 PM
        1 IBUPROFEN 200MG 100      11.79
        1 CLARITIN 24HR 30         28.99
        1 BODY WASH 22OZ           25.25 T
        SUBTOTAL                   66.03
        ExtraBucks Rewards         -5.00
        MA 6.25% TAX                0.97
        TOTAL                      62.00
        CVS GIFT CARD              20.00
        VISA                       42.00
        CHANGE                      0.00
        """
        #expect(ReceiptParser().parse(ocrText: split).totalAmount == "62.00")
        // In German, with the card's amount printed again on its slip.
        let german = """
        MediaMarkt
        24.11.2023 15:58
        Fernseher 55 Zoll           499,00 1
        Wandhalter                   44,98 1
        Summe                       543,98
        Geschenkkarte ****8817       25,00
        girocard                    518,98
        Kartenzahlung girocard
        Betrag EUR 518,98
        """
        #expect(ReceiptParser().parse(ocrText: german).totalAmount == "543.98")
    }
}
