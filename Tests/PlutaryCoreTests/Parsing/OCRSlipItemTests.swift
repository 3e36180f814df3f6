import Foundation
import Testing
@testable import PlutaryCore

/// Items on faint receipts: prices whose separator OCR dropped, labels it misread, and the lines
/// around the item table that are no items.
@Suite("Items through OCR slips")
struct OCRSlipItemTests {
    private func parse(_ text: String) -> ReceiptPayload {
        ReceiptParser().parse(ocrText: text)
    }

    @Test func barePriceDigitsBeforeTheReceiptsOwnFlagAreThePrice() {
        // Single-spaced, so no column gap says "price"; the flag "B" the other prices carry does.
        let payload = parse("""
        REWE Markt GmbH
        30.11.2018 19:21
        JA! H-MILCH 1,5%                  1,50 B
        KERRYGOLD BUTTER 229 B
        BANANE                            1,36 B
        SUMME                        EUR 5,15
        """)
        #expect(payload.lineItems.map(\.total) == ["1.50", "2.29", "1.36"])
        // A name's number before a letter no price carries stays the name's: "330 ML" waits for its price.
        let name = parse("""
        REWE Markt GmbH
        30.11.2018 19:21
        JA! H-MILCH 1,5%                  1,50 B
        COCA COLA 330 ML
                                          0,99 B
        SUMME                        EUR 2,49
        """)
        #expect(name.lineItems.map(\.total) == ["1.50", "0.99"])
        #expect(name.lineItems.last?.description == "COCA COLA 330 ML")
        // The flag's letter may be read as a digit: "T8" is the "TB" of the other prices.
        let aldi = parse("""
        ALDI
        06/19/21 10:05
        60112 Radiance Dish Soap         1.69 TB
        63309 Willow Paper Towels 549 T8
        1 Paper Bag                      0.10 TB
        SUBTOTAL 7.28
        """)
        #expect(aldi.lineItems.map(\.total) == ["1.69", "5.49", "0.10"])
    }

    @Test func bareDigitsWithoutGapOrFlagArePricedOnlyWhenTheSumsNeedThem() {
        let bar = """
        BAR CENTRALE
        19/08/2017 10:12
        CAPPUCCINO                1,40
        SPREMUTA ARANCIA 300
        ACQUA NAT 0,5 1,00
        TOTALE EURO               5,40
        """
        #expect(parse(bar).lineItems.map(\.total) == ["1.40", "3.00", "1.00"])
        // When the items add up without them, the digits are the name's ("FILIALE 1208" is no price).
        let branch = parse(bar.replacingOccurrences(of: "SPREMUTA ARANCIA 300", with: "FILIALE CENTRO 1208")
            .replacingOccurrences(of: "5,40", with: "2,40"))
        #expect(branch.lineItems.map(\.total) == ["1.40", "1.00"])
    }

    @Test func digitsReadWithoutTheirPointGiveWayToTheArithmetic() {
        // OCR read IKEA's "9,99" as "666": with 6.66 the items miss the sum by 3.33, so the
        // arithmetic prices the row; when the digits add up, they stand.
        let text = """
        IKEA Deutschland GmbH & Co. KG
        08.10.2016
        KOPPLA Mfstd 3 1.5 m      3,49  0
        FILMIS Uhr/Thermom/W          666       0
        ANNONS Kochgesch 5       9,99  0
        Summe            23,47
        """
        let misread = parse(text)
        #expect(misread.lineItems.map(\.total) == ["3.49", "9.99", "9.99"])
        #expect(misread.lineItems[1].priceInferred == true)
        let read = parse(text.replacingOccurrences(of: "23,47", with: "20,14"))
        #expect(read.lineItems.map(\.total) == ["3.49", "6.66", "9.99"])
    }

    /// Quantity lines read as their amounts are: an O for a 0 in the weight ("O,912 kg"), a 0 for an O in FOR.
    @Test func quantityLinesWithOCRSlipsAreNoItems() {
        let payload = parse("""
        fotex Aarhus
        AEBLER DANSKE                    22,75
           O,912 kg x 24,95
        T0MAT0          OO00000O4664KI   1.96 N
            2 AT 1 F0R O.98
        I ALT                            24,71
        """)
        #expect(payload.lineItems.map(\.total) == ["22.75", "1.96"])
        #expect(payload.lineItems.map(\.quantity) == ["0.912", "2"])
    }

    @Test func aMultiBuyLinePricesTheItemBelowIt() {
        let payload = parse("""
        Walmart
        03/15/22 10:22
        GV LARGE EGGS 12 062891034711          3.94
         2 AT 1 FOR 1.29
        HOTHOUSE TOMATO 000000004799           2.58
        SUBTOTAL 6.52
        TOTAL 6.52
        """)
        #expect(payload.lineItems.map(\.total) == ["3.94", "2.58"])
        #expect(payload.lineItems.last?.quantity == "2")
    }

    @Test func aQuantityLineWhoseUnitPriceLacksItsZeroIsNoItem() {
        let payload = parse("""
        99 SPEED MART S/B
        22-11-17
        861 FAB PERFECT BAR (B) 130   RM9.00 s
        010 XRM .90
        S51 NESCAFE CLASSIC ARABICA  RM67.80 z
        Total Sales (Inclusive GST) RM  76.80
        """)
        #expect(payload.lineItems.map(\.total) == ["9.00", "67.80"])
        #expect(payload.lineItems.first?.quantity == "10")
    }

    @Test func quebecsConsigneAndCaliforniasRedemptionValueAreDeposits() {
        let payload = parse("""
        METRO
        2022-06-18 12:00
        BIERE MOLSON EX 6X355           13,99 FP
           CONSIGNE                      0,60
        CA REDEMPTION VAL                0,30
        SOUS-TOTAL                      14,89
        TOTAL                           14,89
        """)
        #expect(payload.lineItems.map(\.category) == [nil, "deposit", "deposit"])
    }

    @Test func aTotalThatStatesItsArticleCountIsTheTotal() {
        let payload = parse("""
        CARREFOUR MARKET
        15/01/22 15:32
        BAGUETTE TRADITION               1,10  1
        COMTE AOP 12 MOIS 250G           4,29  1
        TOTAL A PAYER (2 ARTICLES)       5,39 EUR
        CB EMV                           5,39 EUR
        """)
        #expect(payload.totalAmount == "5.39")
        #expect(payload.lineItems.map(\.description) == ["BAGUETTE TRADITION", "COMTE AOP 12 MOIS 250G"])
    }

    @Test func aTotalWordWithOCRSlipsEndsTheItems() {
        // "CELKFM" (CELKEM, one slip), "Gesomtbetrog" (Gesamtbetrag: two slips in twelve letters).
        let czech = parse("""
        ALBERT
        22.06.2019 15:31
        OKURKY HADOVKY                     14,90 B
        CHLÉB ŠUMAVA 1200G                 32,90 B
        CELKFM                             47,80
        PLATBA KARTOU                      47,80
        """)
        #expect(czech.lineItems.count == 2)
        #expect(czech.totalAmount == "47.80")
        let german = parse("""
        Aral Tankstelle
        05.08.2024 10:00
        Red Bull 0,25l                  1,89 A
        Coffee Cappuccino gr.           3,99 A
        Gesomtbetrog                 EUR 5,88
        """)
        #expect(german.lineItems.count == 2)
        #expect(german.totalAmount == "5.88")
    }

    @Test func aLoyaltyCardsMaskedNumberIsNoItem() {
        let payload = parse("""
        Albert Heijn
        12-08-2023 14:02
        AANTAL  OMSCHRIJVING        PRIJS  BEDRAG
                BONUSKAART         xx3318
        1       AH HALFVOLLE MELK              1,15
        1       AH BANANEN TROS                1,79
        12      SUBTOTAAL                      2,94
        TOTAAL                                 2,94
        """)
        #expect(payload.lineItems.map(\.total) == ["1.15", "1.79"])
    }

    @Test func rowsAboveTheItemTableHeaderAreNoItems() {
        // "Kvitto nr 4412    Kassa 3" looks like an item whose price OCR lost, until the table's
        // header ("0mschrijving": the O read as a zero) shows where the items start.
        let payload = parse("""
        ICA Kvantum
        Datum 2021-10-30  16:44
        Kvitto nr 4412    Kassa 3

        0mschrijving                  Summa(SEK)
        Mellanmjölk 1,5% 1,5L            16,95
        Kanelbullar 6p                   39,00
        Totalt                           55,95
        """)
        #expect(payload.lineItems.map(\.description) == ["Mellanmjölk 1,5% 1,5L", "Kanelbullar 6p"])
    }

    @Test func aWeighedOrCountedTotalWithoutItsPointIsTheArithmetics() {
        let weighed = parse("""
        HARVEST MARKET
        03/15/2024 18:42
        NAPA CABBAGE
        1.84 lb @ 0.99/lb   182
        TOFU SOFT 16OZ              2.49
        SUBTOTAL                    4.31
        TOTAL                       4.31
        """)
        #expect(weighed.lineItems.map(\.description) == ["NAPA CABBAGE", "TOFU SOFT 16OZ"])
        #expect(weighed.lineItems.first?.total == "1.82")
        // Columns of count, unit price and total under the name ("2  2.85  570  ZR").
        let counted = parse("""
        KEDAI RUNCIT MAJU SDN BHD
        23/03/2018
        GULA PASIR 1KG
        2    2.85    570            ZR
        TEH BOH 100S
        1    9.90    9.90           SR
        TOTAL                       15.60
        """)
        #expect(counted.lineItems.map(\.total) == ["5.70", "9.90"])
        #expect(counted.lineItems.first?.quantity == "2")
    }

    @Test func aQuantityLineRunOntoItsArticlesRowIsItsCount() {
        // A tilted photo's line: the article's total, its flag, then the quantity line's "2 @ 7.99".
        let payload = parse("""
        CORNER MARKET
        06/18/2024
        SPARKLING WATER 12PK   15.98 S  2 @ 7.99
        BREAD                          2.49
        TOTAL                         18.47
        """)
        #expect(payload.lineItems.map(\.description) == ["SPARKLING WATER 12PK", "BREAD"])
        #expect(payload.lineItems.first?.quantity == "2")
        #expect(payload.lineItems.first?.total == "15.98")
    }

    @Test func anArticleNumberUnderTheNameLeavesThePriceTheNames() {
        let payload = parse("""
        OFFICE WORLD
        09/30/2024 15:33
        Black Ink Cartridge
          135116                             39.99
        Shipping Labels 250
          490211                             24.79
        Total                                64.78
        """)
        #expect(payload.lineItems.map(\.description) == ["Black Ink Cartridge", "Shipping Labels 250"])
        #expect(payload.lineItems.map(\.total) == ["39.99", "24.79"])
    }

    @Test func aProductNamedTotalWithTheReceiptsFlagIsAnArticle() {
        let payload = parse("""
        DROGERIE MARKT
        03.04.2024 15:49
        Duschgel 250ml              1,99 A
        Zahnpasta Total 75ml        279 A
        Schokolade 100g             1,49 B
        SUMME EUR                   6,27
        """)
        #expect(payload.lineItems.map(\.description) == ["Duschgel 250ml", "Zahnpasta Total 75ml", "Schokolade 100g"])
        #expect(payload.lineItems.map(\.total) == ["1.99", "2.79", "1.49"])
    }

    @Test func anEnglishWordThatStartsLikeASpanishTotalIsNoTotal() {
        // "IMPORTED" is "IMPORTE" with a letter added: another word, not a slip of it.
        let payload = parse("""
        FRESH GROCER
        30/04/2016 17:05
        IMPORTED FUJI APPLE
          0.614 KG @ 12.90/KG           7.92
        MILK 2L                        15.99
        SUB TOTAL                      23.91
        """)
        #expect(payload.lineItems.map(\.description) == ["IMPORTED FUJI APPLE", "MILK 2L"])
        #expect(SummaryLineClassifier.classify(LineLabel("IMPORTE TOTAL")) != nil)
    }

    @Test func thePriceBeforeASaleUnderTheNameLeavesThePriceTheNames() {
        let payload = parse("""
        HOLLIS DEPARTMENT STORE
        04/14/2024 14:37
        81274019  HENLEY TEE
           ORIG 40.00  SALE                19.99 T
        40018236  WOOL SOCKS 6PK
           REG 12.00  SALE                  8.40 T
        SUBTOTAL                            28.39
        TOTAL                               28.39
        """)
        #expect(payload.lineItems.map(\.description) == ["HENLEY TEE", "WOOL SOCKS 6PK"])
        #expect(payload.lineItems.map(\.total) == ["19.99", "8.40"])
    }

    @Test func aFlagOfUpToFourLettersMarksBareDigitsAsThePrice() {
        // Loblaw's tills flag tax and programme together ("GMRJ"); OCR lost the foil's point.
        let payload = parse("""
        CORNER SUPERSTORE
        2024/04/28 15:08
        06700010 COKE 12PK            8.99 GMRJ
        06038388 PC FOIL WRAP   549 GMRJ
        PRICE REDUCTION      1.00-
        SUBTOTAL                     13.48
        TOTAL                        13.48
        """)
        #expect(payload.lineItems.map(\.description) == ["COKE 12PK", "PC FOIL WRAP"])
        #expect(payload.lineItems.map(\.total) == ["8.99", "4.49"])
    }

    @Test func aMeasureAloneBetweenTheNameAndItsPriceIsNoColumnHeader() {
        // "LB" names a weight column too; with a number before it, it is the article's size.
        let payload = parse("""
        HARDWARE CENTER
        08/23/19 10:12
        886771  DECK SCREWS 3-IN
                5-LB
                                               27.98
        61420   CLAW HAMMER 16-OZ              19.98
        SUBTOTAL:                              47.96
        """)
        #expect(payload.lineItems.map(\.description) == ["DECK SCREWS 3-IN 5-LB", "CLAW HAMMER 16-OZ"])
        #expect(payload.lineItems.map(\.total) == ["27.98", "19.98"])
    }

    @Test func aFlagAfterAWideColumnGapIsStillTheFlag() {
        // Loblaw's five-letter flags stand far right; the row's price was read as no article's.
        let payload = parse("""
        REAL CANADIAN SUPERSTORE
        06038305126 NN CANOLA OIL 3L         8.49      MRJ
        06700000119 PEPSI 2L        2.99            GPMRJ
        SUBTOTAL  11.48
        TOTAL  11.48
        """)
        #expect(payload.lineItems.map(\.description) == ["NN CANOLA OIL 3L", "PEPSI 2L"])
        #expect(payload.lineItems.map(\.total) == ["8.49", "2.99"])
    }

    @Test func aSpeckAfterTheTimesSignStillReadsTheQuantity() {
        // Tesseract's "x'": the quantity line was an article of its own ("4 Stk x 1  0.99").
        let payload = parse("""
        COMBI Verbrauchermarkt
        Jever Pilsener 0,5l               3,96 A
          4 Stk x' 0,99
        Summe                              3,96
        """)
        #expect(payload.lineItems.map(\.description) == ["Jever Pilsener 0,5l"])
        #expect(payload.lineItems.first?.quantity == "4")
    }

    @Test func aCountWithItsUnitRunOntoTheRowIsItsCount() {
        // A tilted photo ran Willys' "2 st x 54,90" onto its article's row after the total.
        let payload = parse("""
        WILLYS
        Zoégas Skånerost    109,80     2 st x 54,90
        Gurka           12,90
        Att betala   122,70
        """)
        #expect(payload.lineItems.map(\.description) == ["Zoégas Skånerost", "Gurka"])
        #expect(payload.lineItems.map(\.total) == ["109.80", "12.90"])
        #expect(payload.lineItems.first?.quantity == "2")
    }

    @Test func aNameBrokenBeforeItsPackSizeIsPricedOnTheNextLine() {
        // "Toalettpapper 8p  39,90 X" broken by a tilt: the pack size and price on a line of their own.
        let payload = parse("""
        WILLYS
        Gurka           12,90
           Toalettpapper
         8p     39,90 X
        Ramlösa 1,5L          16,90
        Att betala   69,70
        """)
        #expect(payload.lineItems.map(\.description) == ["Gurka", "Toalettpapper 8p", "Ramlösa 1,5L"])
        #expect(payload.lineItems.map(\.total) == ["12.90", "39.90", "16.90"])
    }

    @Test func anUndottedFlaggedPriceAfterAMeasureIsThePrice() {
        // "1,35L" reads as an amount; the price that lost its point follows with the receipt's flag.
        let payload = parse("""
        CARREFOUR MARKET
        LAIT DEMI ECR. CRF 1L       0,99 1
        LESSIVE SKIP 1,35L       999 2
        REMISE FIDELITE           -1,50 2
        COTES DU RHONE 75CL           5,49 2
        TOTAL A PAYER        14,97
        """)
        #expect(payload.lineItems.map(\.description) == ["LAIT DEMI ECR. CRF 1L", "LESSIVE SKIP 1,35L", "COTES DU RHONE 75CL"])
        #expect(payload.lineItems.map(\.total) == ["0.99", "8.49", "5.49"])
    }

    @Test func anUndottedPriceWithTheReceiptsFlagGluedOnIsThePrice() {
        // PP-OCR lost the point and the space before Canadian Tire's flag ("24.99 G" read "2499G"); the saving
        // below had gone to the article above it.
        let payload = parse("""
        CANADIAN TIRE
        029-2216-8 MOTOMASTER WASHER FLUID 3.99G
        054-0871-2 MASTERCRAFT SCREWDRVR SET 2499G
        INSTANT SAVINGS            10.00- G
        042-5830-4 GARDEN HOSE 1" 50FT      29.99 G
        SUBTOTAL            48.97
        """)
        #expect(payload.lineItems.map(\.description) == ["MOTOMASTER WASHER FLUID", "MASTERCRAFT SCREWDRVR SET", "GARDEN HOSE 1\" 50FT"])
        #expect(payload.lineItems.map(\.total) == ["3.99", "14.99", "29.99"])
        #expect(payload.lineItems.map(\.discount) == [nil, "10.00", nil])
    }
}
