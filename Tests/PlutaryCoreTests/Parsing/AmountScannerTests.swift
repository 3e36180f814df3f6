import Foundation
import Testing
@testable import PlutaryCore

@Suite("Amount scanning")
struct AmountScannerTests {
    @Test func readsDotAndCommaDecimals() {
        #expect(AmountScanner.amounts(in: "TOTAL 12.50").map(\.value) == [Decimal(string: "12.50")!])
        #expect(AmountScanner.amounts(in: "Summe EUR 15,69").map(\.value) == [Decimal(string: "15.69")!])
        #expect(AmountScanner.amounts(in: "TOTAL 1,234.56").map(\.value) == [Decimal(string: "1234.56")!])
        #expect(AmountScanner.amounts(in: "Summe 1.234,56").map(\.value) == [Decimal(string: "1234.56")!])
    }

    @Test func readsADoubledSeparatorAndCentsAlone() {
        #expect(AmountScanner.lastAmount(in: "Rotwein Merlot 0,75l   2,,49 B")?.value == Decimal(string: "2.49"))
        #expect(AmountScanner.lastAmount(in: "COLGATE TOTAL 4.8 OZ         4..59 T")?.value == Decimal(string: "4.59"))
        #expect(AmountScanner.lastAmount(in: "BOTTLE DEPOSIT                 .60")?.value == Decimal(string: "0.60"))
        #expect(AmountScanner.lastAmount(in: "COUPON  $.75-")?.value == Decimal(string: "-0.75"))
        // Not inside numbers, dates or words.
        #expect(AmountScanner.amounts(in: "25.12.18  Nr.12  4.8 OZ").isEmpty)
    }

    @Test func readsRunsOfOsReadForZeros() {
        #expect(AmountScanner.lastAmount(in: "SCHULSTAD RUGBROD                22,OO")?.value == Decimal(22))
        #expect(AmountScanner.lastAmount(in: "Pfand                             O,O8 B")?.value == Decimal(string: "0.08"))
        #expect(AmountScanner.lastAmount(in: "I ALT                           22O,6O")?.value == Decimal(string: "220.60"))
        #expect(AmountScanner.amounts(in: "GOOD FOOD NO,OK").isEmpty)
    }

    @Test func readsACentsLastDigitReadAsALetter() {
        #expect(AmountScanner.lastAmount(in: "   1.126 KG @ 5.49/KG              6.1B ZR")?.value == Decimal(string: "6.18"))
        #expect(AmountScanner.lastAmount(in: "Handlmaier Senf su8            1,7g B")?.value == Decimal(string: "1.79"))
        // A measure in a name has its price after it.
        #expect(AmountScanner.amounts(in: "Safran 0,1g          3,99 A").map(\.value) == [Decimal(string: "3.99")!])
    }

    @Test func aPriceGluedToAnAbbreviationsPointIsRead() {
        #expect(AmountScanner.lastAmount(in: "Coffee to go Crema gr.3,29 A")?.value == Decimal(string: "3.29"))
        // Not after a single letter or a number, and no minus from debris before it.
        #expect(AmountScanner.amounts(in: "Cashier: USER   ime a.22.00").isEmpty)
        #expect(AmountScanner.lastAmount(in: "Total Sales (ExcludingGST: :  s;.- 14.53")?.value == Decimal(string: "14.53"))
    }

    @Test func aFirstCentDigitAndARatesLastDigitReadAsLettersAreRepaired() {
        #expect(AmountScanner.lastAmount(in: "F1ensburger Pi1s 6xO,33          4,g9 A")?.value == Decimal(string: "4.99"))
        #expect(AmountScanner.repairDigits("2l%    4,Z7    O,9O") == "21%    4,27    0,90")
        // A word after the point is no cent ("1,Stk"), and a g after a letter's point is no 9 ("Gr.g").
        #expect(AmountScanner.repairDigits("Gr.g 1,Stk") == "Gr.g 1,Stk")
    }

    @Test func theOOfOuncesAfterASizeIsNoZero() {
        #expect(AmountScanner.amounts(in: "HEAD&SHOULD SHMP 13.5OZ").isEmpty)
        #expect(AmountScanner.lastAmount(in: "COFFEE 12OZ              7.9O")?.value == Decimal(string: "7.90"))
    }

    @Test func aMeasureWithItsUnitHyphenatedIsNoAmount() {
        #expect(AmountScanner.amounts(in: "322457  VALSPAR PAINTERS TAPE 1.88-IN").isEmpty)
        // A flag after the minus stays a discount's.
        #expect(AmountScanner.lastAmount(in: "/1187234        4.00-A")?.value == Decimal(string: "-4.00"))
        // Also a flag of two letters (British Columbia's GST and PST); a unit of two or three is a measure.
        #expect(AmountScanner.lastAmount(in: "    LTO SAVINGS   2.00-GP")?.value == Decimal(string: "-2.00"))
        #expect(AmountScanner.amounts(in: "GRASS SEED 2.50-LB BAG").isEmpty)
        #expect(AmountScanner.amounts(in: "PAINT 3.78-GAL").isEmpty)
    }

    @Test func readsLeadingAndTrailingMinus() {
        #expect(AmountScanner.lastAmount(in: "TPD/1234567      3.00-")?.value == Decimal(-3))
        #expect(AmountScanner.lastAmount(in: "INSTANT SAVINGS  -3.00")?.value == Decimal(-3))
    }

    @Test func readsCurrencyPrefixesAndTaxFlags() {
        let match = AmountScanner.lastAmount(in: "GV MILK 2%  4.97 J")
        #expect(match?.value == Decimal(string: "4.97"))
        #expect(match?.trailing == "J")
        #expect(AmountScanner.lastAmount(in: "TOTAL (RM) RM9.00")?.value == Decimal(9))
        #expect(AmountScanner.lastAmount(in: "Total €1,95")?.value == Decimal(string: "1.95"))
    }

    @Test func repairsLetterOForZero() {
        #expect(AmountScanner.lastAmount(in: "TOTAL 1O.5O")?.value == Decimal(string: "10.50"))
    }

    @Test func repairsAnLOrIThatStartsANumberAndASpaceBeforeThePoint() {
        // Older OCR reads a 1 as l, I or | and puts a space before the point; in a word they stay letters.
        #expect(AmountScanner.lastAmount(in: "NN SPAGHETTI     MRJ     l.29")?.value == Decimal(string: "1.29"))
        #expect(AmountScanner.lastAmount(in: "GV WATER 24PK    I2.97 D")?.value == Decimal(string: "12.97"))
        #expect(AmountScanner.lastAmount(in: "NN PASTA SAUCE   MRJ     1 .97")?.value == Decimal(string: "1.97"))
        #expect(AmountScanner.amounts(in: "APPL.25 PENCIL").isEmpty)
        #expect(AmountScanner.amounts(in: "SPRITE I.5L").isEmpty)
    }

    @Test func ignoresDatesWeightsAndRates() {
        #expect(AmountScanner.amounts(in: "25.12.18 14:37").isEmpty)
        #expect(AmountScanner.amounts(in: "0.840 kg").isEmpty)
        #expect(AmountScanner.amounts(in: "A 19,00%").isEmpty)
    }

    @Test func readsAmountsWhoseDecimalPointOCRDropped() {
        #expect(AmountScanner.lastAmount(in: "Total Sales(Incl. GST 6%)    RM 64 13")?.value == Decimal(string: "64.13"))
        #expect(AmountScanner.lastAmount(in: "CASH           RM 100. 00")?.value == Decimal(100))
        // Without a currency sign two numbers stay a quantity and a price.
        #expect(AmountScanner.amounts(in: "PEN BLUE  2 15").isEmpty)
        #expect(AmountScanner.oneDecimalAmount(in: "NET TOTAL        174.9") == Decimal(string: "174.90"))
        #expect(AmountScanner.oneDecimalAmount(in: "NET TOTAL        174.95") == nil)
        #expect(AmountScanner.pointlessAmount(in: "Total GST (RM) :     637             °") == Decimal(string: "6.37"))
        // A misread digit ("§142" for "5142") is not a number to guess cents from.
        #expect(AmountScanner.pointlessAmount(in: "Total Sales (Excluding GST)   §142") == nil)
    }
}
