import Foundation
import Testing
@testable import PlutaryCore

@Suite("German receipts (generic strategy)")
struct GermanReceiptTests {
    static let lidl = """
    LIDL
    Warburger Straße 130
    33100 Paderborn
                                   EUR
    Hähnchen süß-sauer            1,79 A
    Bulgur-Kräuter                0,89 A
    Bananen                       1,62 A
      1,150 kg x 1,41 EUR/kg
    Pfand                         0,25 B
    Premium Vodka                 4,99 B
    Preisvorteil                  0,50-
    zu zahlen                    9,04
    Bar                         10,00
    Rückgeld                     0,96
    MWST%   MWST  +  Netto  =  Brutto
    A 7%    0,28     4,02      4,30
    B 19%   0,76     3,98      4,74
    Summe   1,04     8,00      9,04
    07.04.20   14:37
    """

    @Test func readsTotalDateAndMerchant() {
        let payload = ReceiptParser().parse(ocrText: Self.lidl)
        #expect(ReceiptParser().strategy(for: ReceiptText(Self.lidl)).name == "generic")
        #expect(payload.merchantName == "Lidl")
        #expect(payload.currency == "EUR")
        #expect(payload.purchaseDate == "2020-04-07")
        #expect(payload.totalAmount == "9.04")
        #expect(payload.paymentMethod == "Cash")
        #expect(payload.subtotalAmount == nil)
    }

    @Test func readsVATTableRowsByRateLetter() {
        let payload = ReceiptParser().parse(ocrText: Self.lidl)
        #expect(payload.taxes == [
            TaxLinePayload(name: "MwSt A", rate: "7", amount: "0.28"),
            TaxLinePayload(name: "MwSt B", rate: "19", amount: "0.76"),
        ])
        #expect(payload.taxAmount == "1.04")
    }

    @Test func aVATRowWithItsRateAndNoLetterIsTheTax() {
        // Pharmacies and hardware stores print one rate and no letter: "19 %  16,72  3,18  19,90".
        let payload = ReceiptParser().parse(ocrText: """
        Delphin Apotheke
        Aspirin                         19,90
        Summe    EUR 19,90
        Typ      Netto     MwSt    Brutto
        19 %     16,72    3,18    19,90
        gegeben Kreditkarte       EUR  19,90
        23.04.2020 09:59
        """)
        #expect(payload.totalAmount == "19.90")
        #expect(payload.taxAmount == "3.18")
    }

    @Test func aDrugstoresNumberedVATRowsGiveTheTax() {
        // dm numbers its rates: "1= 7,0%", "2=19,0%".
        let payload = ReceiptParser().parse(ocrText: """
        dm-drogerie markt
        Balea Duschgel              0,95  2
        Alverde Shampoo             2,45  2
        dmBio Haferflocken          0,85  1
        SUMME EUR                   4,25
        VISA EUR                    4,25
        MwSt-Satz  Brutto   Netto    MwSt
        1= 7,0%    0,85     0,79     0,06
        2=19,0%    3,40     2,86     0,54
        23.11.2026 10:11
        """)
        #expect(payload.totalAmount == "4.25")
        #expect(payload.taxAmount == "0.60")
    }

    @Test func aVATRowOfReturnedBottlesTakesItsTaxOff() {
        // Leergut's row is all negative; the tax is 0,32 - 0,08.
        let payload = ReceiptParser().parse(ocrText: """
        REWE
        JOGHURT                 4,96 B
        LEERGUT                -0,50 A
        SUMME                   4,46
        Geg. EC-Cash            4,46
           Steuer  %   Netto   Steuer   Brutto
        A=  19,0%      -0,42   -0,08    -0,50
        B=   7,0%       4,64    0,32     4,96
        23.11.2026 10:11
        """)
        #expect(payload.totalAmount == "4.46")
        #expect(payload.taxAmount == "0.24")
    }

    @Test func readsItemsWithDepositWeightAndDiscount() {
        let items = ReceiptParser().parse(ocrText: Self.lidl).lineItems
        #expect(items.map(\.description) == ["Hähnchen süß-sauer", "Bulgur-Kräuter", "Bananen", "Pfand", "Premium Vodka"])
        #expect(items[2].quantity == "1.150")
        #expect(items[2].unitPrice == "1.41")
        #expect(items[3].category == "deposit")
        #expect(items[4].total == "4.49")
        #expect(items[4].discount == "0.50")
        #expect(items.map(\.taxCode) == ["A", "A", "A", "B", "B"])
        #expect(ReceiptParser().parse(ocrText: Self.lidl).warnings.isEmpty)
    }

    @Test func aPriceMarkerReadAsAnotherSymbolStillEndsAnItemRow() {
        // A phone photo's OCR read the "*" of "0,25*C" as "≠" and the price's flag as "★B".
        let text = """
        Marktkauf
        ORANGENSAFT            1,40 CW
        PFAND                  0,25≠C
        BIO SCHOKOLADE         1,29★B
        SALAT                  1,99 /kg
        SUMME EUR              2,94
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["ORANGENSAFT", "PFAND", "BIO SCHOKOLADE"])
        #expect(items.map(\.total) == ["1.40", "0.25", "1.29"])
        #expect(items[1].category == "deposit")
    }

    @Test func summeEURAndQuantityLineAbove() {
        let aldi = """
        ALDI SÜD
        Filiale 123
          2 x        0,79
        MILCH 1,5%                1,58 A
        BROT                      1,29 A
        Summe EUR                 2,87
        Kartenzahlung girocard    2,87
        25.02.2020 09:51
        """
        let payload = ReceiptParser().parse(ocrText: aldi)
        #expect(payload.merchantName == "Aldi")
        #expect(payload.totalAmount == "2.87")
        #expect(payload.purchaseDate == "2020-02-25")
        #expect(payload.lineItems.first?.quantity == "2")
        #expect(payload.lineItems.first?.unitPrice == "0.79")
        #expect(payload.lineItems.count == 2)
    }

    @Test func germanWordsMeanEuroWithoutSymbols() {
        let payload = ReceiptParser().parse(ocrText: "Bäckerei Schmidt GmbH\nBrötchen   0,45\nSUMME   0,45\nBAR   1,00\nRÜCKGELD   0,55\n03.03.2021")
        #expect(payload.currency == "EUR")
        #expect(payload.totalAmount == "0.45")
        #expect(payload.merchantName == "Bäckerei Schmidt GmbH")
    }

    @Test func aQuantityLineWhosePriceOCRGarbledIsNoItem() {
        // "2 Stk x 0,99" read as "2 Stk x  660" belongs to the row above; "***3 ARTICLES ***" counts them.
        let payload = ReceiptParser().parse(ocrText: """
        REWE
        BIO BANANE            1,99 B
        JOGHURT               1,98 B
        2 Stk x       660
        ***3 ARTICLES     ***
        SUMME                 3,97
        23.11.2026 10:11
        """)
        #expect(payload.lineItems.map(\.description) == ["BIO BANANE", "JOGHURT"])
    }

    @Test func keepsRowsWhosePriceOCRLostAndWarns() {
        let text = """
        real GmbH
        Husener Str. 121
        Tel.: 0 52 51/68 90 80
        KIWI 4009               1,99 A
        MOSER ROTH PREMIUM      u L
        BRIOCHE-KNOTEN          196
        SUMME          EUR      4,95
        24.04.20 13:42
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.merchantName == "Real")
        #expect(payload.lineItems.map(\.description) == ["KIWI 4009", "MOSER ROTH PREMIUM", "BRIOCHE-KNOTEN"])
        // The one price lost is what the others leave of the total, and the person is told so.
        #expect(payload.lineItems.map(\.total) == ["1.99", "1.00", "1.96"])
        #expect(payload.lineItems.map { $0.priceInferred == true } == [false, true, false])
        #expect(payload.warnings.contains { $0.hasPrefix("price of \"MOSER ROTH PREMIUM\" unreadable") })
        #expect(payload.totalAmount == "4.95")
    }

    @Test func aVATRowWhoseTaxColumnOCRGarbledTakesGrossLessNet() {
        // "40,42" is 0,42 misread: 2,64 - 2,22 is 19 % of 2,22. Row A lost its net, and its tax's 0 was
        // read as "09,35": 0,35 is 7 % of the gross 5,42, which the row does not give as its tax.
        let text = """
        ALDI SÜD
        Gouda jung Scheiben            5,42 A
        Mineralwasser 6x1,5l           2,64 B
        Summe                          8,06
        MwSt-Satz   Netto   MwSt   Brutto
        A 7%        5,907 #4x09,35     5,42
        B 19%        2,22 40,42     2,64
        02.11.2024
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.taxes.map(\.amount) == ["0.35", "0.42"])
        #expect(payload.taxAmount == "0.77")
    }

    @Test func aWeighedItemTakesItsPriceFromTheBareNumbersBelowTheColumnHeader() {
        // The name row prints its tax class where the price goes; weight, price per kg and
        // total follow under a header, without units on the line itself.
        let text = """
        ALDI GmbH & Co. KG
        Tel. 0 52 51/68 90 80
        WÜRFELZUCKER               0,89 A
        BANANEN LOSE               C
        kg      EURO/kg       EURO
        0,158        1,19      0,19
        KAMILLENTEE                0,59 A
        SUMME                      1,67
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["WÜRFELZUCKER", "BANANEN LOSE", "KAMILLENTEE"])
        #expect(payload.lineItems.map(\.total) == ["0.89", "0.19", "0.59"])
        #expect(payload.lineItems[1].quantity == "0.158" && payload.lineItems[1].unit == "kg" && payload.lineItems[1].unitPrice == "1.19")
        #expect(payload.lineItems.allSatisfy { $0.priceInferred == nil })
        // Numbers whose product is not the total are no weighed item.
        let mismatched = ReceiptParser().parse(ocrText: text.replacingOccurrences(of: "0,158        1,19", with: "0,358        1,19"))
        #expect(mismatched.lineItems[1].quantity == "1")
    }

    @Test func aVATRowWhoseGrossOCRLostStillCountsByItsRate() {
        // "8,99" read as "668": the row's tax is still 19 % of its net, under the table's header.
        let text = """
        real GmbH
        Tel.: 0 52 51/68 90 80
        PARLIAMENT ORIG.RU      8,99 V
        INDISCHES CHICKEN       3,99 E
        SUMME          EUR     12,98
        Mehrwertst. ohne MwSt  mit MwSt
        V 19,0%    1,44    7,55         668
        E 7,0%     0,26    3,73        3,99
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.taxes.map(\.amount) == ["1.44", "0.26"])
        #expect(payload.taxAmount == "1.70")
        // Away from a VAT table, a letter, a rate and two amounts are no tax row.
        let loose = ReceiptParser().parse(ocrText: "SHOP\nV 19,0%    1,44    7,55\nSUMME  7,55\n")
        #expect(loose.taxes.isEmpty)
    }

    @Test func aTaxTablesRowsAreNamedAfterTheTaxItsHeaderNames() {
        let text = """
        KEDAI RUNCIT SDN BHD
        ROTI           5.30 SR
        TOTAL          5.30
        GST Summary
        Code      Amount(RM)   Tax(RM)
        S 06.0%      5.00       0.30
        """
        #expect(ReceiptParser().parse(ocrText: text).taxes.map(\.name) == ["GST S"])
    }

    /// A lost price stays 0.00 for the person to fill in when the arithmetic cannot give it:
    /// two prices are lost, or the other items already reach the total.
    @Test(arguments: [
        (third: "BIO HONIG               i 9", totals: ["1.99", "0.00", "0.00"], warning: "price unreadable for 2 item(s)"),
        (third: "BRIOCHE-KNOTEN          2,96 A", totals: ["1.99", "0.00", "2.96"], warning: "price unreadable for 1 item(s)"),
    ])
    func aLostPriceIsInferredOnlyWhenItIsTheOneTheTotalLeaves(third: String, totals: [String], warning: String) {
        let text = """
        real GmbH
        Tel.: 0 52 51/68 90 80
        KIWI 4009               1,99 A
        MOSER ROTH PREMIUM      u L
        \(third)
        SUMME          EUR      4,95
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.total) == totals)
        #expect(payload.warnings.contains(warning))
    }

    @Test func aProduceCodeDoesNotHideARowWithAnUnreadablePrice() {
        let text = """
        real GmbH
        33100 Paderborn
        INDISCHES CHICKEN       3,99 B
        KIWI 4009               29%
        MANDARINEN 1KG          2,38 A
        SUMME          EUR     12,07
        21.04.20 15:52
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["INDISCHES CHICKEN", "KIWI 4009", "MANDARINEN 1KG"])
        #expect(payload.lineItems.map(\.total) == ["3.99", "5.70", "2.38"])
    }

    @Test func aCountWithItsPackagingUnitSetsTheQuantityOfTheItemBelow() {
        let text = """
        HORNBACH
        ART/EAN 4002245701618
        2 Rolle x       4,85
        PARKETTZUBEHÖR            9,70 1
        5 Pack ×     18,50
        Bodenunterlage SELIT        92,50 1
        SUMME [2]         EUR     102,20
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["PARKETTZUBEHÖR", "Bodenunterlage SELIT"])
        #expect(items.map(\.quantity) == ["2", "5"])
        #expect(items.map(\.unitPrice) == ["4.85", "18.50"])
    }

    @Test func aQuantityLineWithItsOwnTotalNamesItselfFromTheUnpricedRowAbove() {
        // The row above has too many numbers to pass for a name, and the item before it costs a cent
        // more than the quantity line's total: the quantity line is its own item, named by that row.
        let text = """
        IKEA Deutschland GmbH & Co. KG
        IDEALISK Durchschl        7,99  0
        Artikel 50306244
        RYET LEDL GU10 2001m  22237
        2,000×   3,99       7,98  0
        ANNONS Kochgesch 5       9,99  0
        Summe            25,96
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["IDEALISK Durchschl", "RYET LEDL GU10 2001m", "ANNONS Kochgesch 5"])
        #expect(items.map(\.quantity) == ["1", "2", "1"])
        #expect(items.map(\.total) == ["7.99", "7.98", "9.99"])
    }

    @Test func aChainNameMissingOneLetterOfItsLogoIsStillTheChain() {
        let text = "RSSMANN\nMein Drogeriemarkt\n27.02.2020 15:56\nZEISS BRILLENPUTZTUC  1,95 A\nTotal  1,95\n"
        #expect(ReceiptParser().parse(ocrText: text).merchantName?.lowercased().contains("rossmann") == true)
    }

    @Test func aRowOfNumbersTakesItsNameFromTheLineBelow() {
        let text = """
        ROLLER
        Pos Artikel-Nr.  Menge  €/Stk   €/Ges M
        1 23530028 03  2,00  14,99   29,98 1
        Duschvorhang
        2 02770034 01  1,00  14,99   14,99 1
        WC-Garnitur
        Summe            44,97
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["Duschvorhang", "WC-Garnitur"])
        #expect(items.map(\.quantity) == ["2", "1"])
        #expect(items.map(\.total) == ["29.98", "14.99"])
    }

    @Test func fiveBareDigitsAreACodeAndAZeroDecimalCountIsACount() {
        let text = """
        IKEA
        Artikel 50319963     22621
        POANG Pokis f Hoc Ra     10,00  0
        tikel 60086388     20016
        Artikel 50306244
        KERZENHALTER GROSS
        2,000×   3,99       7,98  0
        Summe            17,98
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["POANG Pokis f Hoc Ra", "KERZENHALTER GROSS"])
        #expect(items.map(\.total) == ["10.00", "7.98"])
        #expect(items.last?.quantity == "2")
    }

    @Test func theVATTableGrossColumnProposesTheTotal() {
        // SUMME misread; the VAT row's net + tax = gross gives the amount paid. Rates coded with any letter.
        let text = """
        real GmbH
        KAROTTENSALAT          1,19 E
        INDISCHES CHICKEN      3,99 E
        SUMME        EUR     5.17
        Mehrwertst. ohne MwSt  mit MwSt
        E7,0%    0,36    5,11      5,47
        """
        let totals = ReceiptParser().candidates(ocrText: text)["total"] ?? []
        #expect(totals.first { $0.value == "5.47" }?.features["vat_table_gross"] == 1)
        #expect(totals.first { $0.value == "5.17" }?.features["vat_table_gross"] == nil)
    }

    @Test func aChainNamedOnlyInTheFooterBeatsAGarbledLogoLine() {
        // OCR lost the logo; the chain's name further down still names the shop.
        let text = """
        ALYD»I
        Pahlweg 110
        33100 Paderborn
        Milch                  1,09 A
        Brot                   2,49 A
        Butter                 1,99 A
        Eier                   2,19 A
        SUMME                  7,76
        Bar                   10,00
        Rückgeld               2,24
        Vielen Dank für Ihren Einkauf
        www.aldi-sued.de
        """
        #expect(ReceiptParser().parse(ocrText: text).merchantName == "Aldi")
    }

    @Test func aCountAndUnitRowPricesTheArticleNamedAboveIt() {
        // Hardware stores print the article (code and name), then its count, unit and price below it.
        let text = """
        toom Baumarkt GmbH
        33098 Paderborn
        4078500017343 Kunststoff-Eimer
        1.000 STK            20.99 19
        4078500023542  Blumenrechen
        2.000 STK            23.98 19
        4078500372503 Holzstiel
        000 STK              15.79 19
        SUMME   EUR            60.76 *
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["Kunststoff-Eimer", "Blumenrechen", "Holzstiel"])
        #expect(items.map(\.quantity) == ["1", "2", "1"])
        #expect(items.map(\.total) == ["20.99", "23.98", "15.79"])
        #expect(items.map(\.unitPrice) == [nil, "11.99", nil])
    }

    @Test func aPriceGarbledWithAColonKeepsItsRowWhileATimeDoesNot() {
        let text = """
        real GmbH
        33100 Paderborn
        SEBAMED TROCKENE H      8,99 V
        WALNUESSE 200G          3,:19°E
        MANDARINEN 1KG          2,99 E
        Uhrzeit                 16:14
        SUMME          EUR     15,17
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["SEBAMED TROCKENE H", "WALNUESSE 200G", "MANDARINEN 1KG"])
        #expect(payload.lineItems.map(\.total) == ["8.99", "3.19", "2.99"])
        #expect(payload.lineItems.map { $0.priceInferred == true } == [false, true, false])
    }

    @Test func aPriceReadFromBareDigitsThatExceedsTheTotalIsLost() {
        // "3,39 8" lost its comma and its flag became a digit: 8668 cannot be a price on a 7,27 receipt.
        let text = """
        Marktkauf
        EUR
        ORANGENSAFT            1,40 C
        YO CHICKEN TIKKA       8668
        SALATBAR               2,48 B
        SUMME EUR   7,27
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["ORANGENSAFT", "YO CHICKEN TIKKA", "SALATBAR"])
        #expect(payload.lineItems.map(\.total) == ["1.40", "3.39", "2.48"])
        #expect(payload.lineItems.map { $0.priceInferred == true } == [false, true, false])
    }

    @Test func aSummeOneDigitFromTheVATTablesGrossIsTheMisreadOne() {
        // A blurred photo: SUMME's 4 read as 1, and a price that lost its comma. The VAT table's gross
        // column is a sum of other printed amounts; nothing confirms the SUMME it contradicts.
        let text = """
        real GmbH
        33100 Paderborn
        STEINOFENBROETCHEN           1620
        KAROTTENSALAT          1,19 E
        INDISCHES CHICKEN      3,59 E
        SUMME        EUR    5,17
        Mehrwertst. ohne MwSt  mit MwSt
        E 7,0%    0,36   5,11     5,47
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.totalAmount == "5.47")
        #expect(payload.lineItems.map(\.total) == ["0.69", "1.19", "3.59"])
    }

    @Test func aQuantityRowMayStartWithItsArticleNumber() {
        // IKEA prints the name, then the article number, count, unit price and total on the row below.
        let text = """
        IKEA Deutschland GmbH & Co. KG
        Artikel                              EUR
        BILLY Bücherregal weiß 80x28x202
          002.638.50     1 x 59,00        59,00 A
        LACK Beistelltisch schwarz
          200.114.08     2 x 9,99         19,98 A
        Gesamtsumme EUR                   78,98
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["BILLY Bücherregal weiß 80x28x202", "LACK Beistelltisch schwarz"])
        #expect(payload.lineItems.map(\.total) == ["59.00", "19.98"])
        #expect(payload.lineItems.map(\.quantity) == ["1", "2"])
    }

    @Test func aUnitPriceLineUnderItsRowIsNoItem() {
        let text = """
        DELPHIN APOTHEKE
        2 * Atemschutzmaske FFP 1St
        08001287  2*9,95         EUR  19,90
        Einzelpreis     EUR  9,95
        Summe    EUR 19,90
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.total) == ["19.90"])
        #expect(payload.lineItems.first?.quantity == "2")
    }

    @Test func anArticleNumberColumnHeaderIsNoItem() {
        let payload = ReceiptParser().parse(ocrText: """
        OBI Markt Hamburg-Altona
        Art.Nr.  Bezeichnung               EUR
        3217781  SPAX Universal 4x40 200St
                 1 ST x 8,99              8,99 A
        SUMME EUR                         8,99
        """)
        #expect(payload.lineItems.map(\.description) == ["SPAX Universal 4x40 200St"])
    }

    @Test func aStrayBarAtTheLineStartsHidesNoVATRow() {
        let payload = ReceiptParser().parse(ocrText: """
        |  NETTO
        | Bio Bananen                     1,49 B
        | Red Bull                        1,19 A
        |  SUMME                          2,68
        |  Steuer  Netto   MwSt    Umsatz
        | A 19%     1,00   0,19     1,19
        | B  7%     1,39   0,10     1,49
        """)
        #expect(payload.taxAmount == "0.29")
        #expect(payload.lineItems.map(\.description) == ["Bio Bananen", "Red Bull"])
    }

    @Test func aVATTableMayNumberItsRatesAndLeaveOutThePercentSign() {
        let payload = ReceiptParser().parse(ocrText: """
        NORMA
        Milch 1,5%                       1,19 2
        Spuelmittel                      3,49 1
        SUMME                            4,68
        MwSt   %     Netto    MwSt    Brutto
         1   19,00    2,93    0,56     3,49
         2    7,00    1,11    0,08     1,19
        """)
        #expect(payload.taxAmount == "0.64")
    }

    @Test func aColumnHeaderWithAGarbledWordIsNoItem() {
        // "Art.Nr.  Bezeichnung  Menge  EUR" with two words misread is still the table's header.
        let payload = ReceiptParser().parse(ocrText: """
            HORNBACH
            4rt.Nr.   Bezeicbnung            Menge   EUR
            8312007 Edelstahlschraube 5x50      24,95 1
            1120983 Rasensamen 2kg               19,95 1
            Summe EUR                             44,90
            Datum 10.04.2021  Zeit 10:02
            """)
        #expect(payload.lineItems.map(\.description) == ["Edelstahlschraube 5x50", "Rasensamen 2kg"])
        #expect(LineItemExtractor.isColumnHeader("4rt.Nr.   Bezeicbnung   Menge   EUR"))
        #expect(!LineItemExtractor.isColumnHeader("KG APFEL BRAEBURN EUR"))
    }

    /// "Zurück" names the change, and an Austrian yoghurt ("Zurück zum Ursprung"): the tax flag says which.
    @Test func aProductNamedLikeTheChangeIsAnItem() {
        let payload = ReceiptParser().parse(ocrText: """
        HOFER KG
        Milfina Heumilch 1l               1,29 A
        Zurück zum Ursprung Joghurt       0,99 A
        Tandil Waschpulver                5,99 B
        Summe                             8,27
        Bar                              10,00
        Zurück                            1,73
        """)
        #expect(payload.lineItems.map(\.description) == ["Milfina Heumilch 1l", "Zurück zum Ursprung Joghurt", "Tandil Waschpulver"])
        #expect(payload.totalAmount == "8.27")
    }

    /// Flanders' empties ("Leeggoed") are a deposit, no article.
    @Test func leeggoedIsADeposit() {
        let payload = ReceiptParser().parse(ocrText: """
        COLRUYT
        Leffe Blond 33cl             4    1,18    4,72 C
        Leeggoed fles                4    0,10    0,40 C
        Totaal te betalen                          5,12
        """)
        #expect(payload.lineItems.map(\.category) == [nil, "deposit"])
    }

    /// German deposits come as compounds ("Becherpfand", "Flaschenpfand"); a price glued to an abbreviation's
    /// point ("gr.3,29") is still the row's price.
    @Test func aCompoundPfandIsADepositAndAnAbbreviationsPointIsNoPartOfThePrice() {
        let payload = ReceiptParser().parse(ocrText: """
        Bäckerei Schäfer
        Kaffee groß to go         2,60 A
        Coffee to go Crema gr.3,29 A
        Becherpfand               1,00 A
        SUMME                     6,89
        """)
        #expect(payload.lineItems.map(\.total) == ["2.60", "3.29", "1.00"])
        #expect(payload.lineItems.map(\.category) == [nil, nil, "deposit"])
    }

    /// A pack size glued to its unit ("5St.", "100St") is part of a name waiting for its price: "5ST" is no
    /// word OCR misread ("SST" is Malaysia's tax), and its digits do not make the row a number.
    @Test func aPackSizeGluedToItsUnitStaysInTheName() {
        let payload = ReceiptParser().parse(ocrText: """
        toom Baumarkt
        22.04.2023 10:12
        Grill-Bratwurst 5St.
                                      2,99 B
        2150091 Dübel SX 6x30 100St
                                      8,98 A
          2 St x 4,49
        Summe                        11,97
        """)
        #expect(payload.lineItems.map(\.description) == ["Grill-Bratwurst 5St", "Dübel SX 6x30 100St"])
        #expect(payload.lineItems.map(\.total) == ["2.99", "8.98"])
    }

    @Test func aPackCountInStueckIsNoStreet() {
        // "200 St" is two hundred pieces; a number before "St" had made the name an address, and it lost its price.
        let payload = ReceiptParser().parse(ocrText: """
        BAUMARKT
        26.08.2024 14:36
        1234567 Schrauben Spax 4x40 200 St
                                          7,99 A
        7788990 Malerrolle 25cm
                                          6,99 A
        Summe EUR                          14,98
        """)
        #expect(payload.lineItems.map(\.description) == ["Schrauben Spax 4x40 200 St", "Malerrolle 25cm"])
        #expect(payload.lineItems.map(\.total) == ["7.99", "6.99"])
        #expect(MerchantExtractor.isNameLike("12 MAIN ST") == false)
    }

    @Test func aQuantityLineWhoseUnitOCRGarbledIsStillTheCount() {
        // Tesseract's "Stk" with a speck in it or its S read as a 5: still the quantity line of the row above.
        let payload = ReceiptParser().parse(ocrText: """
        REWE
        JA! H-MILCH l,5%  2,85   B
            3 S'tk x 0,95
        FRANZBRÖTCHFN        2,38  B
            2 5t'k x 1,19
        FRITZ-KOLA 0,33L        5,16 A
                4 5tk x 1,29
        SUMME           EUR        10,39
        25.05.2024    11:33    Bon-Nr.:4811
        """)
        #expect(payload.lineItems.map(\.description) == ["JA! H-MILCH l,5%", "FRANZBRÖTCHFN", "FRITZ-KOLA 0,33L"])
        #expect(payload.lineItems.map(\.quantity) == ["3", "2", "4"])
        #expect(payload.lineItems.map(\.unitPrice) == ["0.95", "1.19", "1.29"])
    }

    @Test func aSavingWithItsFlagGluedOnStillTakesFromTheArticleAbove() {
        // PP-OCR glued dm's tax flag to the amounts: "5,95 1" read as "5,951", the coupon's "-0,60 1" as "-0,601".
        let payload = ReceiptParser().parse(ocrText: """
        dm-drogerie markt
        Denkmit Spuelmaschinentabs           5,951
        10% Coupon            -0,601
        Mivolis Magnesium            2,75 1
        SUMME EUR 8,10
        """)
        #expect(payload.lineItems.map(\.description) == ["Denkmit Spuelmaschinentabs", "Mivolis Magnesium"])
        #expect(payload.lineItems.first?.discount == "0.60")
    }
}
