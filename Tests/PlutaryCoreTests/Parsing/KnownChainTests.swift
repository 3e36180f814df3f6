import Foundation
import Testing
@testable import PlutaryCore

/// Chains whose logo OCR garbles are still named by the line under it, which spells the chain.
@Suite("Known chains")
struct KnownChainTests {
    private func parse(_ text: String) -> ReceiptPayload {
        ReceiptParser().parse(ocrText: text)
    }

    @Test func aChainNamedWithItsBranchUnderAGarbledLogoIsTheChain() {
        // The top line is logo debris; the next names the chain with its branch.
        let heb = parse("""
          ::H-E-B::  ,;
         H-E-B  Alamo Heights
          4821 Broadway
         San Antonio, TX 78209
        02/15/20 18:22
        HILL COUNTRY FARE MILK        3.49 F
        TOTAL                         3.49
        """)
        #expect(heb.merchantName == "H-E-B")
        #expect(heb.purchaseDate == "2020-02-15")
        let meijer = parse("""
               meijer
         Meijer Store #024
        5500 Cascade Rd SE
        12/07/19 09:41
        MEIJER 2% MILK GAL            2.89
        TOTAL                         2.89
        """)
        #expect(meijer.merchantName == "Meijer")
    }

    @Test func eachOfKeskosStoreFormatsKeepsItsName() {
        for name in ["K-CITYMARKET", "K-SUPERMARKET", "K-MARKET"] {
            let payload = parse("\(name)\n24.10.2024 18:02\nMAITO 1L      1,19\nYHTEENSÄ      1,19\n")
            #expect(payload.merchantName?.uppercased() == name)
        }
    }

    @Test func aChainsTwoWordsRunTogetherAreStillTheChain() {
        let payload = parse("CIRCLEK\nSTORE 2709726\n02/21/2025 07:14\nUNLEADED 87     43.19\nTOTAL    43.19\n")
        #expect(payload.merchantName == "Circle K")
        #expect(parse("CIRCLE KITCHEN\n02/21/2025\nRAMEN  12.50\nTOTAL  12.50\n").merchantName == "CIRCLE KITCHEN")
    }

    @Test func aChainsWordInsideAnotherShopsNameIsNotThatChain() {
        // Ben's Independent Grocer (Malaysia) is no Your Independent Grocer (Canada).
        let payload = parse("""
        BENS INDEPENDENT GROCER SDN. BHD
        (623102-U)
        LOT 6, JALAN BATAI
        12/03/2018
        ORGANIC EGGS              12.90
        TOTAL                     12.90
        """)
        #expect(payload.merchantName == "BENS INDEPENDENT GROCER SDN. BHD")
    }

    @Test func aChainsNameAboveItsOperatingCompanyIsTheChain() {
        // Globus prints its brand, then the company that runs the store, which is no name a person files under.
        let payload = parse("""
                    GLOBUS
             Globus SB-Warenhaus
             Holding GmbH & Co. KG
             Markt Saarbrücken-Güdingen
        Globus Vollmilch 1l           1,09 A
        SUMME EUR                     1,09
        05.04.2025 10:12
        """)
        #expect(payload.merchantName == "Globus")
    }

    @Test func anIReadAsLInCapitalsStillNamesTheChain() {
        // PP-OCR reads a capital I as the l it looks like; upper-cased, "CANADlAN" was "CANADLAN", and the word
        // "REAL" alone named Germany's real,- hypermarkets instead.
        let payload = parse("""
        REAL CANADlAN
        SUPERSTORE
        St. Vital
        PC BUTTER 454G            5.99   MRJ
        TOTAL   5.99
        06/14/2025 11:26 1519 011 0452
        """)
        #expect(payload.merchantName == "Real Canadian Superstore")
        #expect(ReceiptText.capitalIRepaired("KlNNEY DRUGS lNDlGO") == "KINNEY DRUGS INDIGO")
        // An l in a word of small letters, or after a capital at a word's end, stays.
        #expect(ReceiptText.capitalIRepaired("Real Milk TOTAl") == "Real Milk TOTAl")
    }

    @Test func aShortChainWordInAGarbledLogoGivesWayToTheNameBelow() {
        // The logo read with an L for the I still shows "REAL", the word for Germany's real,-; the line under it names
        // the Canadian chain.
        let payload = ReceiptParser().parse(ocrText: """
        REAL CANADLANSUPERST0RE
        REAL CANADIANSUPERSTORE
        4450 Rochdale Blvd
        4011 BANANAS    2.04  MRJ
        TOTAL      2.04
        09/14/2024 16:42
        """)
        #expect(payload.merchantName == "Real Canadian Superstore")
        #expect(payload.currency == "CAD")
    }

    @Test func aHyphenatedCoOperativeIsTheShop() {
        // "CO-OP" is two words of two letters to the label, no name; the gas bar's tagline under it had been the shop.
        let payload = ReceiptParser().parse(ocrText: """
                         CO-OP
                Federated Co-operatives
                   GAS BAR & C-STORE
                     4801 Gordon Rd
        COFFEE LARGE $1.89 G
        TOTAL                             $1.89
        02/14/15 08:17 POS 2 TRN 11924
        """)
        #expect(payload.merchantName == "Co-op")
        #expect(payload.purchaseDate == "2015-02-14")
    }
}
