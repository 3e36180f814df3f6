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
}
