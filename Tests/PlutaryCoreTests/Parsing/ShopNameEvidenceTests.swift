import Foundation
import Testing
@testable import PlutaryCore

/// Which header line is the shop: its name printed again (a line under the logo, the web address,
/// the footer), and in Malaysia the registered company the tax invoice names.
@Suite("A shop's name printed again, and the registered company")
struct ShopNameEvidenceTests {
    private func merchant(_ text: String) -> String? {
        ReceiptParser().parse(ocrText: text).merchantName
    }

    @Test func aNamePrintedAgainBeatsASloganThatNamesAShopType() {
        let text = """
                   Harbourside
             Your local food people
            Harbourside Kingston Quay
          12 Quay Street, Kingston 7010
        21/03/2024 10:12
        MILK 2L                        3.20
        BREAD                          2.80
        TOTAL                          6.00
        Thank you for shopping at Harbourside
        """
        #expect(merchant(text) == "Harbourside")
    }

    @Test func theStoreDirectorIsNoShop() {
        // US supermarkets print the director under the name; with the logo cut off the photo, his line comes first.
        let text = """
        Dir Maria Lopez
        1653 S Vista Ave
        Boise ID 83705
        LUCERNE 2% MILK            3.99 S
        ****  TAX  0.24  BAL  4.23
        09/28/23 17:42
        """
        #expect(merchant(text).map { $0.contains("Maria") } != true)
        #expect(merchant("ALBERTSONS\nStore 0188 Dir Maria Lopez\n" + text) == "Albertsons")
    }

    @Test func aBranchNumberAfterTheNameIsNoPartOfIt() {
        // Six digits after the name had made the line more number than name, and the order number won.
        let text = """
                  PANERA BREAD #601293
                    289 Causeway St
                    Boston, MA 02114
        Order 417   DINE IN
        12/14/2023 12:31
        BROCCOLI CHEDDAR SOUP       7.29
        TOTAL                       7.29
        """
        #expect(merchant(text) == "PANERA BREAD")
    }

    @Test func aTownInTheBranchNameAndTheAddressIsNoNamePrintedAgain() {
        let text = """
              KINGSTON STORE
          12 Quay Street, Kingston 7010
        21/03/2024 10:12
        BREAD                          2.80
        TOTAL                          2.80
        """
        let candidates = ReceiptParser().candidates(ocrText: text)["merchant"] ?? []
        #expect(candidates.contains { $0.value == "KINGSTON STORE" })
        #expect(!candidates.contains { $0.features["printed_again"] == 1 })
    }

    /// Australia's and Britain's postcodes ("Perth WA 6000", "London NW1 2RT") make their lines addresses too,
    /// whose town printed again in the branch line ("Barrack 5t", its street misread) says nothing of the shop.
    @Test func aTownBesideItsAustralianOrBritishPostcodeIsNoNamePrintedAgain() {
        #expect(merchant("""
        Chemist Warehouse
        Perth CBD - 82 Barrack 5t
        Perth WA 6000
        23/08/2022 12:10
        PANADOL RAPID 20 CAPLETS           $3.99
        TOTAL                              $3.99
        """) == "Chemist Warehouse")
        #expect(merchant("""
        Paper Corner
        Camden Lock Kiosk
        Camden Lock, London NW1 8AH
        15/07/2023 09:40
        THE ECONOMIST                      7.99
        TOTAL                              7.99
        """) == "Paper Corner")
    }

    @Test func aChainsBrandIsFoundAgainWithinAnotherLine() {
        let text = """
        MediaMarkt
        Media Markt TV-HiFi-Elektro GmbH
        Toyota-Allee 1
        50858 Köln
        24.11.2023 14:02
        Kopfhörer                    79,99 A
        SUMME EUR                    79,99
        Danke für Ihren Einkauf bei Media Markt
        """
        #expect(merchant(text) == "MediaMarkt")
    }

    @Test func theRegisteredCompanyIsTheMerchantOverTheBrandAboveIt() {
        let text = """
                 ZOOMART
        MEGAH NIAGA SDN BHD (123456-A)
        NO 5, JALAN BUNGA RAYA 3
        47100 PUCHONG, SELANGOR
        TAX INVOICE
        DATE: 12/02/2018
        PET FOOD 2KG                 25.90
        TOTAL                        25.90
        WWW.ZOOMART.COM.MY
        """
        #expect(merchant(text) == "MEGAH NIAGA SDN BHD")
    }

    @Test func aCompanyUnderTheInvoicesTitleIsTheCustomer() {
        let text = """
        PERNIAGAAN SRI MAJU
        JM0123456-V
        NO.5 JALAN PERMAS 9/5
        81750 JOHOR BAHRU
        SIMPLIFIED TAX INVOICE
        BINTANG ENGINEERING (M) SDN BHD
        Date: 12/02/2018
        CABLE TIE 8IN                 4.50
        TOTAL                         4.50
        """
        #expect(merchant(text) == "PERNIAGAAN SRI MAJU")
    }

    @Test func oneShopTypeWordUnderTheNameEndsIt() {
        let text = """
        LINDEN
        APOTHEKE
        Marktplatz 3
        33098 Paderborn
        23.04.2020 09:41
        Nasenspray                    4,95 A
        SUMME EUR                     4,95
        """
        #expect(merchant(text) == "LINDEN APOTHEKE")
    }

    @Test func aLogoReadAsOneWordTakesTheSpellingPrintedBelowIt() {
        // PP-OCR reads a logo as one word with a slip; the name is printed plainly under it.
        let text = """
        RiverBisro
        RIVER BISTRO
        44 Harbour Rd
        Portland ME 04101
        03/14/2024 19:02
        2 FISH TACOS               25.98
        TOTAL                      25.98
        """
        #expect(merchant(text) == "RIVER BISTRO")
        #expect(merchant(text.replacingOccurrences(of: "RiverBisro\nRIVER BISTRO", with: "HALD1\nHALDI Stadtmitte")) == "HALDI")
        // Unless the logo's own spelling is printed too: then the slip is the print's.
        let faded = """
        Fenwick
        Fenwik Groceries Ltd
        Fenwick Northgate
        03/14/2024 19:02
        MILK 2L                     3.20
        TOTAL                       3.20
        """
        #expect(merchant(faded) == "Fenwick")
    }

    @Test func aLogoOfSeveralWordsOrFourLettersTakesTheLineReadAgainBelowIt() {
        // The logo and the name printed under it are the same words; the logo's font is the one misread.
        let text = """
        HARLOW GRDCERS
        HARLOW GROCERS
        21 Mill Lane
        Harlow CM17 0AA
        14/03/2024 10:02
        MILK 2L                     1.45
        TOTAL                       1.45
        """
        #expect(merchant(text) == "HARLOW GROCERS")
        #expect(merchant(text.replacingOccurrences(of: "HARLOW GRDCERS\nHARLOW GROCERS", with: "BFLA\nBELA")) == "BELA")
        // A company line too ("FOODS").
        #expect(merchant(text.replacingOccurrences(of: "HARLOW GRDCERS\nHARLOW GROCERS", with: "HARLDW FOODS\nHARLOW FOODS")) == "HARLOW FOODS")
        // A line of other words is no second reading.
        #expect(merchant(text.replacingOccurrences(of: "HARLOW GROCERS\n21", with: "HARLOW GROCERS FRESH\n21")) == "HARLOW GRDCERS")
    }

    @Test func aShopNamedWithTheWordTotalIsAName() {
        let text = """
        TOTAL GARDEN & PATIO
        STORE 12 SALEM
        410 Lafayette St
        Salem MA 01970
        05/02/2024 11:40
        POTTING SOIL 40QT             8.99
        TOTAL                         8.99
        """
        #expect(merchant(text) == "TOTAL GARDEN & PATIO")
        #expect(merchant("TotalEnergies Relais\nRue de Lyon 4\n75012 Paris\n12/05/2024\nTOTAL EUR 40,00\n") == "TotalEnergies Relais")
        // With only a total's words beside it, it stays a total line.
        #expect(merchant("TOTAL AMOUNT\n12.00\nThank you\n") == nil)
    }

    @Test func aNameBelowTheFirstArticleIsTheArticles() {
        // The header ends where the articles begin; "CAFE" makes an article's row read like a company.
        let text = """
        Zelo
        Rua Augusta 120
        Lisboa
        7891 PAO DE FORMA 500G     2,49
        7892 CAFE MOIDO DELTA 250G
        1 UN x 3,99                3,99
        TOTAL                      6,48
        """
        #expect(merchant(text) == "Zelo")
        // A stamp or note OCR read above the header does not end it.
        #expect(merchant("12 x 4.00\n" + text) == "Zelo")
    }

    @Test func aShopTypeAloneIsAMenusHeading() {
        let text = """
        Confiserie Hausmann
        Marktgasse 3
        Paradeplatz
        3011 Bern

        Café
        Café crème                  5.80 B
        TOTAL CHF                   5.80
        """
        #expect(merchant(text) == "Confiserie Hausmann")
    }

    @Test func aPossessiveAndABranchNumberLeaveANameWordy() {
        // "BJ'S" reads as "BJ" and "S", and the branch number as a fourth word: the line was too little name.
        let text = """
        JO'S WHOLESALE CLUB #0117
        4 Main St
        Natick MA 01760
        11/22/24 10:14
        EGGS 24CT                     7.49
        TOTAL                         7.49
        """
        #expect(merchant(text) == "JO'S WHOLESALE CLUB")
    }

    @Test func aLegalFormWrittenWithDotsLeavesANameWordy() {
        // "S.p.A." reads as three one-letter words: the line was too little name, and a faded notice below won.
        let text = """
        VERBANO S.p.A.
        Via Roma 12
        28921 VERBANIA
        documento di vendita
        PANE COMUNE              4%  1,20
        TOTALE COMPLESSIVO           1,20
        """
        #expect(merchant(text) == "VERBANO S.p.A.")
        #expect(merchant(text.replacingOccurrences(of: "S.p.A.", with: "S.A.")) == "VERBANO S.A.")
    }

    @Test func aChainNamedAfterByOwnsTheShopAboveIt() {
        // "by Walgreens" under the name is the owner's endorsement; the shop is the name above it.
        let text = """
        HUDSON DRUGS
        by Walgreens
        410 W 34th St
        New York, NY 10001
        07/15/2024 08:14
        TOOTHPASTE 4OZ              3.99 T
        COTTON SWABS                2.49 T
        HAND SOAP                   1.99 T
        LIP BALM                    2.29 T
        SUBTOTAL                   10.76
        TAX                         0.95
        TOTAL                      11.71
        """
        #expect(merchant(text) == "HUDSON DRUGS")
        // The owner's rewards in the footer weigh no more than the shop's own name printed again.
        #expect(merchant(text + "\nmyWalgreens rewards\nThank you for shopping Hudson Drugs") == "HUDSON DRUGS")
    }
}
