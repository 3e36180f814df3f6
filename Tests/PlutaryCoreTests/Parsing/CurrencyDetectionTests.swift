import Foundation
import Testing
@testable import PlutaryCore

@Suite("Currency detection")
struct CurrencyDetectionTests {
    private func currency(_ text: String, hints: ParseHints = ParseHints()) -> String? {
        ReceiptParser().parse(ocrText: text, hints: hints).currency
    }

    @Test func symbolsAndCodes() {
        #expect(currency("SHOP\nTOTAL €12,50") == "EUR")
        #expect(currency("SHOP\nTOTAL £12.50") == "GBP")
        #expect(currency("SHOP\nTOTAL CHF 12.50") == "CHF")
        #expect(currency("SHOP\nTOTAL US$12.50") == "USD")
        #expect(currency("SHOP\nTOTAL (RM) 12.50") == "MYR")
        #expect(currency("SHOP\nTOTAL MYR 12.50") == "MYR")
    }

    @Test func swedishWordsNameTheKrona() {
        // Its VAT table's "Netto" and "Brutto" are no German receipt's.
        let text = """
        ICA NÄRA
        Storgatan 4
        Kvitto 4411
        Mjölk 1,5L            19,90
        ATT BETALA            19,90
        Moms%  Moms  Netto  Brutto
        12     2,13  17,77  19,90
        """
        #expect(currency(text) == "SEK")
    }

    @Test func dollarsFollowTheCountry() {
        #expect(currency("CORNER STORE\nTORONTO ON M5V 2T6\nSUBTOTAL $10.00\nHST 13% $1.30\nTOTAL $11.30") == "CAD")
        #expect(currency("CORNER STORE\nSEATTLE WA 98101\nTOTAL $11.30") == "USD")
        // No "$" printed, and a zero of the ZIP code read as "O": still the state's.
        #expect(currency("CORNER STORE\nSEATTLE, WA 981O1\nMILK 1GAL   4.25 F\nTOTAL   4.25") == "USD")
        #expect(currency("NO FRILLS\nTOTAL $11.30") == "CAD")
        #expect(currency("SHOP\nTOTAL $11.30", hints: ParseHints(locale: Locale(identifier: "en_CA"))) == "CAD")
    }

    @Test func signsAndCountryWordsNameTheCurrenciesOfAsiaAndLatinAmerica() {
        #expect(currency("MERCADO\nTOTAL R$ 145,42") == "BRL")
        #expect(currency("SHOP\nTOTAL HK$59.20") == "HKD")
        #expect(currency("SHOP\nTOTAL ₹1,566.00") == "INR")
        #expect(currency("SHOP\nGSTIN 27AACCA8432H1ZQ\nCGST 2.5%  1.20\nSGST 2.5%  1.20\nTOTAL 50.40") == "INR")
        #expect(currency("SHOP\nVATABLE 737.38\nVAT 7% 51.62\nTOTAL 789.00") == "THB")
        // Spanish words under a "$" are a peso's, not a euro's: the country's tax number says which.
        #expect(currency("TIENDA\nRFC WME880101ABC\nIVA 16%  5.52\nTOTAL $ 40.00\nEFECTIVO $ 50.00\nCAMBIO $ 10.00") == "MXN")
        #expect(currency("SUPERMERCADO\nRUT: 77.412.560-1\nBOLETA ELECTRONICA\nTOTAL $ 14.380\nEFECTIVO $ 20.000") == "CLP")
        #expect(currency("TIENDA\nNIT 890.900.608-9\nTOTAL A PAGAR $ 87.840") == "COP")
        #expect(currency("RESTAURANTE\nIVA 10%  2,10\nTOTAL 23,10\nEFECTIVO 30,00\nCAMBIO 6,90") == "EUR")
        // A British postcode on a receipt that names VAT.
        #expect(currency("WHSmith\nLondon NW1 2RT\nVAT Reg No: 238 5548 36\nTOTAL 12.98") == "GBP")
        #expect(currency("SHOP\n1 Orchard Road\nSingapore 238801\nTOTAL $12.90") == "SGD")
    }

    @Test func australianAndNewZealandDollarsAndTheirDayFirstDates() {
        let bunnings = ReceiptParser().parse(ocrText: """
            BUNNINGS
            Bunnings Group Limited ABN 26 008 672 179
            Cnr Euston Rd & Maddox St, Alexandria NSW 2015
            ROLLER KIT 230MM            14.98
            TOTAL                      $14.98
            11/01/2025  08:34
            """)
        #expect(bunnings.currency == "AUD")
        #expect(bunnings.purchaseDate == "2025-01-11")
        let paknsave = ReceiptParser().parse(ocrText: """
            PAK'nSAVE
            691 Manukau Road, Auckland
            GST 96-153-071
            MILK 2L                      3.98
            TOTAL                       $3.98
            06/11/2021 10:02
            """)
        #expect(paknsave.currency == "NZD")
        #expect(paknsave.purchaseDate == "2021-11-06")
        // A Malaysian receipt citing the "GST ACT 2014" is no Australian one.
        #expect(currency("KEDAI ABC SDN BHD\nGOODS AND SERVICES TAX ACT 2014\nTOTAL (RM) 4.20") == "MYR")
    }

    @Test func wordsDecideWithoutSymbols() {
        #expect(currency("BAECKEREI MUELLER\nSumme 4,20\nBar 5,00\nRückgeld 0,80") == "EUR")
        #expect(currency("KEDAI RUNCIT ABC SDN BHD\nJALAN MERAH 3\nTOTAL 4.20") == "MYR")
    }

    @Test func strayOCRSymbolsDoNotOutweighTheCountry() {
        let address = "TEO STATIONERY\nNO. 53, JALAN BESAR, 45600 BATANG\nSELANGOR DARUL EHSAN\n"
        // "C$" inside a receipt number, a "£" beside no number, "$/B" for Sdn Bhd.
        #expect(currency(address + "Receipt No.: C$1801/27037 Date: 23/01/2018\nTOTAL 18.00") == "MYR")
        #expect(currency(address + "TOTAL TAX £   xe   8.68\nTOTAL 18.00") == "MYR")
        #expect(currency("CASTLE BLUE $/B\nJALAN SS 22\nTOTAL 18.00") == "MYR")
        // "NET TOTAL" read as one word is not the German "Netto".
        #expect(currency("THREE STOOGES\nJALAN SS21\nNETTOTAL 174.90") == "MYR")
        #expect(currency("SHOP\nTOTAL C$ 12.50") == "CAD")
        #expect(currency("BAUMARKT\nSeefelder Strasse 2\nArtikel Menge €/Stk €/Ges\nBohrer 1 12,99") == "EUR")
    }

    @Test func anRMInsideATaxNumberIsNoRinggit() {
        // Mexico's RFC ends in letters and digits that may read "RM1"; with "$" amounts it is a peso receipt.
        #expect(currency("TIENDAS DEL GOLFO S.A. DE C.V.\nRFC TDG850701RM1\nIVA 16%   24.07\nTOTAL      $ 352.36") == "MXN")
        #expect(currency("KEDAI ABC\nJALAN MERAH 3\nTOTAL RM1.20") == "MYR")
    }

    @Test func aCountryNamedAmongTheArticlesIsWhereProduceComesFrom() {
        let header = "FRESH MART PTE LTD\nBlk 209 New Upper Changi Road\n#01-631 Singapore 460209\nTel: 6242 3313\n"
        let articles = (1...8).map { "ITEM \($0)   1.20\n" }.joined()
        let footer = (1...10).map { "Thank you \($0)\n" }.joined()
        #expect(currency(header + articles + "CARROT AUSTRALIA\n  0.654kg @ $2.38/kg   1.56\n" + articles + "TOTAL   $11.16\n" + footer) == "SGD")
    }

    @Test func aCountrysNameInsideAWordNamesNoCountry() {
        // "SAUSAGE" holds "USA"; the VAT and the postcode are Britain's.
        #expect(currency("CORNER BAKERY PLC\nNewcastle upon Tyne NE1 7DE\nVAT Reg: 487 9854 68\n2 x Sausage Roll   2.50\nTotal   2.50") == "GBP")
    }

    @Test func anABNAndAPostcodeSayAustraliaWithoutADollarSign() {
        // "ZL" beside an amount is "2L" misread, no złoty.
        #expect(currency("CORNER GROCER\nSandy Bay Road, Sandy Bay TAS 7005\nABN 61 116 887 201\nMILK ZL   3.40\nTOTAL   3.40") == "AUD")
    }

    @Test func aRegisteredGSTNumberSaysNewZealand() {
        #expect(currency("CORNER GROCER\nGST Reg No 11-342-955\nMILK 2L   $3.40\nTOTAL   3.40") == "NZD")
    }

    @Test func manitobasRetailSalesTaxIsCanadian() {
        // No "$" printed: RST and a Canadian postcode name the dollar.
        #expect(currency("RONA\nWinnipeg MB R3P 2N9\nGLOVES   9.97\nGST 5%   0.50\nRST 7%   0.70\nTOTAL   11.17") == "CAD")
    }
}
