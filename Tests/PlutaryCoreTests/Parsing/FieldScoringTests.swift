import Foundation
import Testing
@testable import PlutaryCore

/// Date, merchant, subtotal and tax are chosen among scored candidates like the total:
/// each rule here is a feature the fitted weights combine.
@Suite("Date, merchant, subtotal and tax candidates scored by features")
struct FieldScoringTests {
    private func parse(_ text: String) -> ReceiptPayload {
        ReceiptParser().parse(ocrText: text)
    }

    private func candidates(_ text: String, _ field: String) -> [FieldCandidate<String>] {
        ReceiptParser().candidates(ocrText: text)[field] ?? []
    }

    @Test func aZeroOCRReadForAnOInAShopsNameIsAnO() {
        let payload = parse("""
          JUMB0 ~~
        Churchilllaan 11
        25-01-2020 11:09
        Jumbo Pindakaas 600g          2,19
        Totaal                        2,19
        """)
        #expect(payload.merchantName == "JUMBO")
        // Digits of a name that are no zeros, or beside other digits, stay.
        #expect(parse("HOME24 SHOP\n25-01-2020\nLAMP   9,99\nTOTAL   9,99").merchantName == "HOME24 SHOP")
    }

    @Test func everyFieldHasCandidatesWithFeaturesAndProbabilities() {
        let text = """
        KEDAI RUNCIT MAJU SDN BHD
        Date: 15/03/2018 10:22
        BREAD                2.50
        SUBTOTAL             2.50
        GST 6%               0.15
        TOTAL                2.65
        """
        for field in ["total", "date", "merchant", "subtotal", "tax"] {
            let list = candidates(text, field)
            #expect(!list.isEmpty, "\(field)")
            #expect(list.contains { !$0.features.isEmpty }, "\(field)")
            #expect(abs(list.map(\.confidence).reduce(0, +) - 1) < 1e-9, "\(field)")
        }
    }

    @Test func anExpiryDateLosesToThePurchaseDate() {
        let text = """
        MINI MARKET
        VOUCHER VALID UNTIL 31/12/2019
        DATE 15/03/2018 10:22
        TOTAL 5.00
        """
        #expect(parse(text).purchaseDate == "2018-03-15")
    }

    @Test func aDateUnderItsLabelCarriesTheLabel() {
        let text = "MINI MARKET\nDate:\n15/03/2018\nPrinted 01/01/2017\nTOTAL 5.00\n"
        let dates = candidates(text, "date")
        #expect(dates.first { $0.value == "2018-03-15" }?.features["label_above"] == 1)
        #expect(dates.first { $0.value == "2017-01-01" }?.features["label_above"] == nil)
    }

    @Test func aDatePrintedTwiceIsMarkedRepeated() {
        let text = "SHOP\n15/03/2018\nTOTAL 5.00\n02/02/2018\nSLIP 15/03/2018\n"
        let dates = candidates(text, "date")
        #expect(dates.first { $0.value == "2018-03-15" }?.features["repeated"] == 1)
        #expect(dates.first { $0.value == "2018-02-02" }?.features["repeated"] == nil)
    }

    @Test func aCompanyLineBeatsAGreetingAboveIt() {
        let text = """
        tan woon yann
        INDAH GIFT & HOME DECO SDN BHD
        27, JALAN DEDAP 13
        19/10/2018
        TOTAL 10.00
        """
        #expect(parse(text).merchantName == "INDAH GIFT & HOME DECO SDN BHD")
    }

    @Test func merchantCandidatesNamedByTwoRulesAreRepeated() {
        let text = "ALDI SUED\nALDI\nMilch 1,00 A\nSUMME 1,00\n"
        let merchants = candidates(text, "merchant")
        #expect(merchants.contains { $0.features["chain"] == 1 })
        #expect(merchants.filter { $0.value.uppercased() == "ALDI" }.count == 2)
        #expect(merchants.filter { $0.value.uppercased() == "ALDI" }.allSatisfy { $0.features["repeated"] == 1 })
        #expect(merchants.first { $0.value == "ALDI SUED" }?.features["repeated"] == nil)
    }

    @Test func theItemsSumDecidesBetweenTwoSubtotals() {
        // One SUBTOTAL line misread (12.50 as 21.50): the items add up to the other.
        let text = """
        MINI MARKET
        BREAD                2.50
        MILK                10.00
        SUBTOTAL            12.50
        SUBTOTAL            21.50
        """
        #expect(parse(text).subtotalAmount == "12.50")
        let misread = candidates(text, "subtotal").first { $0.value == "21.5" }
        #expect(misread?.features["items_sum"] == -1)
    }

    @Test func theTaxThatBringsTheSubtotalToTheTotalWins() {
        // The first tax total is misread; subtotal + the other one is the printed total.
        let text = """
        MINI MARKET
        SUBTOTAL            20.00
        TOTAL TAX            1.30
        TOTAL GST            1.20
        TOTAL               21.20
        """
        #expect(parse(text).taxAmount == "1.20")
        #expect(candidates(text, "tax").first { $0.value == "1.2" }?.features["subtotal_plus_is_total"] == 1)
    }

    @Test func aTaxAsLargeAsTheSubtotalIsNoCandidate() {
        let text = "SHOP\nSub Total 177.20\nTotal GST 177.22\nTOTAL 177.20\n"
        #expect(!candidates(text, "tax").contains { $0.value == "177.22" })
        #expect(parse(text).taxAmount == nil)
    }

    @Test func aChainNamedOnAProductOrCardLineIsNotTheShop() {
        // Roller and Real are German chains; here a paint roller and a loyalty card.
        let text = """
        BUNNINGS
        WAREHOUSE
        Bunnings Alexandria
        2210451  ROLLER KIT 230MM            14.98
        TOTAL                               14.98
        REAL REWARDS  ******7720
        11/01/2025  08:34
        """
        #expect(parse(text).merchantName == "BUNNINGS")
        // A chain in a line of words still names the shop ("Thank you for shopping at Lidl").
        #expect(parse("KASSE 3\nBANANEN   1,29\nSUMME   1,29\nVielen Dank fuer Ihren Einkauf bei Lidl").merchantName == "Lidl")
    }
}
