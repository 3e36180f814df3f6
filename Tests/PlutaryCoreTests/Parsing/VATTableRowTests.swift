import Foundation
import Testing
@testable import PlutaryCore

/// VAT table rows as shops print them: each row's tax is found whatever names its columns.
@Suite("VAT table rows")
struct VATTableRowTests {
    private func taxes(_ text: String) -> [TaxLinePayload] {
        ReceiptParser().parse(ocrText: text).taxes
    }

    @Test func aRowThatNamesItsColumnsIsARowNotAHeader() {
        // "Netto" on the row made it the table's header, and its tax was lost.
        let found = taxes("""
        OBI Markt
        29.04.2023
        SCHRAUBEN SET                 80,33 A
        ERDE 40L                       6,98 B
        Summe EUR                     87,31
        MwSt A 19%  Netto 67,50           MwSt 12,83
        MwSt B  7%  Netto 6,52             MwSt 0,46
        """)
        #expect(found.map(\.amount) == ["12.83", "0.46"])
    }

    @Test func theTaxsNameMayStandBetweenItsLetterAndRate() {
        let found = taxes("""
        Bäckerei Schäfer
        10.10.2015
        Brezel                         2,60 A
        SUMME                    EUR 2,60
        A: MwSt 19%  Netto   2,18  MwSt  0,42
        """)
        #expect(found.map(\.amount) == ["0.42"])
    }

    @Test func aFrenchRateCodeIsALetterAndADigit() {
        let found = taxes("""
        E.Leclerc
        27/04/2019
        NUTELLA 750G                    17,99 T1
        BIERE 1664 X10                  21,01 T2
        TOTAL                           39,00
        TVA TAUX HT TVA
         T1    5,5% 17,05    0,94
         T2 20,0%    17,51    3,50
        """)
        #expect(found.map(\.amount) == ["0.94", "3.50"])
    }

    /// Faint print reads a rate's 0 as an O ("7,O%"), as it does amounts' ("O,77").
    @Test func aRateWithAnOForAZeroIsStillARate() {
        let found = taxes("""
        EDEKA Center
        Apfe1 Braeburn                  2,49 A
        Weizenbier 6er                  5,72 B
        SUMME EUR                       8,21
          MwSt       Netto      MwSt     Umsatz
        A  7,O%       2,33      O,16      2,49
        B 19,O%       4,81      O,91      5,72
        """)
        #expect(found.map(\.amount) == ["0.16", "0.91"])
    }

    @Test func aRateWhoseOneWasReadAsAnLIsStillARate() {
        // Read in upper case, the l of "l9%" was an L and no digit: the row's tax was lost.
        let found = taxes("""
        famila
        Lenor Weichsp.                   6,61 A
        Bauernbrot                      13,22 B
        Summe                           19,83
        MWST  %      Netto     MWST     Brutto
        A    l9%      5,5S     1,O6      6,6l
        B     7%     l2,36    O,B6     13,2Z
        """)
        #expect(found.map(\.amount) == ["1.06", "0.86"])
    }

    @Test func britainsVATAnalysisNamesItsRates() {
        let found = taxes("""
        GREGGS
        Steak Bake                  1.95
        Sausage Roll                9.10
        Total                      11.05
        VAT Analysis
        Std 20%  Net 9.21  VAT 1.84
        Zero 0%  Net 0.00  VAT 0.00
        """)
        #expect(found.map(\.amount) == ["1.84"])
    }

    @Test func aWholeRateUnderAPercentHeaderIsARate() {
        // Austria's tills number the rows and print the rate without its sign, which only the header shows.
        let found = taxes("""
        PENNY
        Eier                        3,49 1
        Radler                      3,57 2
        SUMME EUR                   7,06
        Steuer   %     Netto    Steuer
        1       10      3,17      0,32
        2       20      2,98      0,59
        """)
        #expect(found.map(\.amount) == ["0.32", "0.59"])
    }

    /// A row's letter and rate may stand as far apart as the header's columns ("S      23%").
    @Test func aRowsCodeMayStandFarFromItsRate() {
        let found = taxes("""
        DUNNES STORES
        FAIRY NON BIO CAPS               €8.50 S
        CROISSANTS 4PK                   €2.25 R
        TOTAL                           €10.75
        VAT ANALYSIS
        CODE  RATE     NET      VAT     GROSS
        R    13.5%     1.98     0.27     2.25
        S      23%     6.91     1.59     8.50
        """)
        #expect(found.map(\.amount) == ["0.27", "1.59"])
    }

    @Test func aRateBetweenTheNetAndTheTaxIsReadByTheArithmetic() {
        // Norway's table: net, rate, tax.
        let payload = ReceiptParser().parse(ocrText: """
        KIWI Lade
        07.05.2024 17:20
        Melk 1L                        21,90
        Bananer                        24,50
        Totalt                        251,41
        MVA-grunnlag   Sats    MVA
        194,36        15%     29,15
        22,32         25%     5,58
        """)
        #expect(payload.taxes.map(\.amount) == ["29.15", "5.58"])
        #expect(payload.taxAmount == "34.73")
    }

    @Test func aTaxSplitInTwoEqualHalvesIsTheirSum() {
        // India's GST breakup: central and state tax, each half the rate.
        let payload = ReceiptParser().parse(ocrText: """
        NEW MARKET STORES
        19/02/2025 12:10
        TEA 500G                      310.00
        Net Amount Rs.               1514.00
        Rate  Taxable  CGST  SGST
        5%  909.52            22.74      22.74
        12%  150.00      9.00      9.00
        """)
        #expect(payload.taxes.map(\.amount) == ["45.48", "18.00"])
    }

    @Test func whatATaxIsNotChargedOnIsNoTax() {
        let payload = ReceiptParser().parse(ocrText: """
        SIAM MART
        27/07/2024 16:08
        RICE 5KG                      185.00
        MILK 2L                        89.50
        TOTAL                         274.50
        VATABLE                        83.64
        VAT 7%                          5.86
        NON-VAT                       185.00
        """)
        #expect(payload.taxAmount == "5.86")
    }

    @Test func aSummaryRowRepeatingATaxLineWithoutItsRateIsThatTax() {
        let payload = ReceiptParser().parse(ocrText: """
        KEDAI MAKAN SDN BHD
        14/03/2018 12:40
        NASI LEMAK   1 x   12.80   12.80  SR
        Total (Excluding GST):        26.60
        Serv. Charge (10%):           2.66
        GST Payable:            1.76
        Total (Inclusive of GST):      31.02
        GST Summary     Amount(RM)  Tax(RM)
        SR     (@ 6%)     29.26    1.76
        """)
        #expect(payload.taxAmount == "1.76")
    }

    @Test func aRowWhoseAmountLostItsPointIsReadByItsArithmetic() {
        // PP-OCR read Albert Heijn's "6,19" as "619": 21 % of 6.19 is the 1.30 beside it.
        let payload = ReceiptParser().parse(ocrText: """
        Albert Heijn
        1 AH HALFVOLLE MELK     1,19
        1 HEINEKEN 6X33CL           7,49
        TOTAAL        8,68
        BTW           OVER  EUR
        9%      1,09     0,10
        21%            619            1,30
        15-06-2024 11:02
        """)
        #expect(payload.taxes.map(\.amount) == ["0.10", "1.30"])
        #expect(payload.taxAmount == "1.40")
    }
}
