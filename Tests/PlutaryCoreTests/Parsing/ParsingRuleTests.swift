import Foundation
import Testing
@testable import PlutaryCore

/// One text fixture per parsing rule that the strategy suites do not already cover:
/// Canadian sales taxes, fees, group prices, cash rounding, and the OCR slips seen on real scans.
@Suite("Parsing rules")
struct ParsingRuleTests {
    private func parse(_ text: String) -> ReceiptPayload {
        ReceiptParser().parse(ocrText: text)
    }

    @Test func quebecGSTAndQSTAddUpToTheTotal() {
        let payload = parse("""
        EPICERIE DU COIN
        1234 RUE ST-DENIS MONTREAL QC H2X 3K8
        2024-03-15 10:22
        PAIN BLANC                 3.49
        FROMAGE                    8.99
        SUBTOTAL                  12.48
        GST 5%                     0.45
        QST 9.975%                 0.90
        TOTAL                     13.83
        """)
        #expect(payload.currency == "CAD")
        #expect(payload.purchaseDate == "2024-03-15")
        #expect(payload.taxes.map(\.name) == ["GST", "QST"])
        #expect(payload.taxAmount == "1.35")
        #expect(payload.totalAmount == "13.83")
        #expect(payload.warnings.isEmpty)
    }

    @Test func manitobasRetailSalesTaxIsATax() {
        let payload = parse("""
        CANADIAN TIRE
        19/08/2023 10:40
        MASTERCRAFT DRILL SET     29.99 GP
                  SUBTOTAL        29.99
                    GST 5%         1.50
                    RST 7%         2.10
                     TOTAL        33.59
        """)
        #expect(payload.taxes.map(\.name) == ["GST", "RST"])
        #expect(payload.taxAmount == "3.60")
    }

    @Test func aTaxOnWhatItsLinePrintsIsTheAmountBelow() {
        // "on $9.48" is what is taxed; 8.875 % of it, 0.84, stands alone on the next line.
        let payload = parse("""
        TRADER JOE'S
        03-14-2024 17:48
        CAULIFLOWER GNOCCHI          $2.99
        DISH SOAP LAVENDER           $9.48
        Tax 8.875% on $9.48
                     $0.84
        Total                       $13.31
        """)
        #expect(payload.taxAmount == "0.84")
        #expect(payload.totalAmount == "13.31")
    }

    @Test func aVatRowWithItsRateLastIsReadByItsArithmetic() {
        // Norway's table: basis, VAT, rate; 15 % of 312,95 is 46,94.
        let payload = parse("""
        REMA 1000
        18.11.2023 13:14
        NORVEGIA 1KG    359,89
        OPPVASKMIDDEL    33,90
        TOTALT   393,79
        MVA-grunnlag  MVA  Sats
        312,95    46,94            15%
        27,12            6,78    25%
        """)
        #expect(payload.taxes.map(\.amount) == ["46.94", "6.78"])
        #expect(payload.taxAmount == "53.72")
    }

    @Test func depositsAndEnvironmentalFeesAreItemsAndPSTIsATax() {
        let payload = parse("""
        CORNER MARKET
        VANCOUVER BC V6B 1A1
        03/15/2024 18:02
        SPARKLING WATER 12PK       5.99 GP
        DEPOSIT                    1.20 G
        ECO FEE                    0.10 G
        AA BATTERIES 8PK          10.99 GP
        SUBTOTAL                  18.28
        GST 5%                     0.91
        PST 7%                     1.19
        TOTAL                     20.38
        """)
        #expect(payload.purchaseDate == "2024-03-15")
        #expect(payload.lineItems.map(\.total) == ["5.99", "1.20", "0.10", "10.99"])
        #expect(payload.lineItems.map(\.category) == [nil, "deposit", "fee", nil])
        #expect(payload.taxes.map(\.name) == ["GST", "PST"])
        #expect(payload.totalAmount == "20.38")
        #expect(payload.warnings.isEmpty)
    }

    @Test func aRowThatIsTheSumOfTheRowsAboveIsTheSubtotal() {
        // The subtotal printed beside the order's type, with no subtotal word.
        let payload = parse("""
        TACO HUT
        88 BEACH BLVD
        HUNTINGTON BEACH, CA 92648
        05/18/2024 12:36 PM
        Drive Thru
        2 Bean Burrito              5.00
        1 Nachos                    4.50
        1 Lg Soda                   2.25
        Drive Thru                 11.75
        TAX 7.75%                   0.91
        Amount Due                 12.66
        """)
        #expect(payload.lineItems.map(\.total) == ["5.00", "4.50", "2.25"])
        #expect(payload.totalAmount == "12.66")
    }

    @Test func czechAndPolishBottleDepositsAreDeposits() {
        let payload = parse("""
        POTRAVINY NOVAK
        Masarykova 12, 602 00 Brno
        Pivo Svijany 0,5l              35,70 A
          Záloha láhev 3 x 3,00         9,00 N
        Woda Cisowianka 1,5l            2,49 A
          Kaucja butelka                0,50 N
        CELKEM Kč                      47,69
        """)
        #expect(payload.lineItems.map(\.category) == [nil, "deposit", nil, "deposit"])
    }

    @Test func litresOfFuelAtAPricePerLitreAreTheQuantityOfThePumpAbove() {
        let payload = parse("""
        STESEN MINYAK MAJU SDN BHD
        LOT 12, JALAN BESAR, 43000 KAJANG
        05/03/2017 09:12
        PUMP 03 RON95            30.00
        13.636 L @ RM 2.200
        KACANG PARPU             1.50
        TOTAL                    31.50
        """)
        #expect(payload.lineItems.map(\.total) == ["30.00", "1.50"])
        #expect(payload.lineItems.first?.quantity == "13.636")
    }

    @Test func frenchAndQuebecEcoFeesAreFees() {
        let payload = parse("""
        BRICO DU PORT
        12 rue des Docks
        76600 Le Havre
        14/04/2024 11:20
        ASPIRATEUR BALAI 22V          89,90
             Eco-participation DEEE          1,00
        POT PEINTURE 1L               12,50
             ÉCOFRAIS PEINTURE               0,25
        TOTAL TTC                    103,65
        """)
        #expect(payload.lineItems.map(\.total) == ["89.90", "1.00", "12.50", "0.25"])
        #expect(payload.lineItems.map(\.category) == [nil, "fee", nil, "fee"])
    }

    @Test func theShortEcoParticipationIsAFeeToo() {
        let payload = parse("""
        MULTIMEDIA CENTRE
        Lyon Part-Dieu
        18/03/2025 15:02
        CASQUE BLUETOOTH NOIR          49,99
        Eco-part. DEEE                  0,07
        CLE USB 64GO                   12,99
        ECOPART DEEE                    0,02
        TOTAL TTC                      63,07
        """)
        #expect(payload.lineItems.map(\.category) == [nil, "fee", nil, "fee"])
    }

    @Test func anUndottedPriceAfterItsCurrencySignIsStillAPrice() {
        // OCR dropped the point of "£9.99"; the sign before it does not make it a code.
        let payload = parse("""
        BOOKSHOP
        Yellowface            £9.99 Z
        Tomorrow, and Tomorrow  £999 Z
        TOTAL      £19.98
        """)
        #expect(payload.lineItems.map(\.total) == ["9.99", "9.99"])
    }

    @Test func groupPriceSetsQuantityAndUnitPrice() {
        let payload = parse("""
        NO FRILLS
        ORANGES
          3 @ 2/$3.00                     4.50
        MILK 2L                           5.49
        SUBTOTAL                          9.99
        TOTAL                             9.99
        """)
        let oranges = payload.lineItems.first
        #expect(oranges?.description == "ORANGES")
        #expect(oranges?.quantity == "3")
        #expect(oranges?.unitPrice == "1.50")
        #expect(oranges?.total == "4.50")
    }

    @Test func aRowEndingInItsCountAndUnitPriceHasItsTotalOnTheNextLine() {
        // "2 @ 3.99" closes the name's row and 7.98 stands alone below it; a lone amount that is
        // no such product stays the next row's price.
        let payload = parse("""
        SOBEYS
          CLASSICO SAUCE 650ML    2 @   3.99
                                  7.98 T
        PRODUCE
          ONIONS YELLOW 2LB       3 @   1.10
                                  3.29
        SUB TOTAL                      11.27
        TOTAL                          11.27
        """)
        let rows = payload.lineItems.map { "\($0.description) \($0.quantity) \($0.unitPrice ?? "-") \($0.total)" }
        #expect(rows.first == "CLASSICO SAUCE 650ML 2 3.99 7.98")
        #expect(!rows.contains("ONIONS YELLOW 2LB 3 1.10 3.29"))
    }

    @Test func aSavingRightUnderAnItemIsItsDiscount() {
        // "INSTANT SAVINGS" also heads a receipt's total saving; under an item, negative, it is that item's.
        let payload = parse("""
        CANADIAN TIRE
        2020-07-18 15:37
        042-0117-6 MASTERCRAFT DRILL KIT
                                               99.99
           INSTANT SAVINGS                    -30.00
        188-3045-0 GARBAGE BAGS 40CT           11.49
           INSTANT SAVINGS                     -2.00
        SUBTOTAL                               79.48
        GST 5%                                  3.97
        TOTAL                                  83.45
        """)
        #expect(payload.lineItems.map(\.total) == ["69.99", "9.49"])
        #expect(payload.lineItems.map(\.discount) == ["30.00", "2.00"])
        #expect(payload.warnings.isEmpty)
    }

    @Test func aProductNamedLikeATotalMayBeTheFirstRow() {
        // "Colgate Total" first: no item was read above it, and the rows below add up to the subtotal with it.
        let payload = parse("""
        Woolworths
        23/03/2024 16:47
        ^Colgate Total Toothpaste 115g      4.50
         Woolworths Full Cream Milk 3L      4.65
         Tip Top The One White 700g         4.00
        SUBTOTAL                           13.15
        TOTAL                              13.15
        """)
        #expect(payload.lineItems.map(\.total) == ["4.50", "4.65", "4.00"])
        #expect(payload.totalAmount == "13.15")
        // Alone, a total before tax plus its tax is the total, no product.
        let alone = parse("""
        KEDAI RUNCIT
        12/01/2018
        Total (Excluding GST)      5.66
        GST 6%                     0.34
        Total (Including GST)      6.00
        """)
        #expect(alone.lineItems.isEmpty)
        #expect(alone.totalAmount == "6.00")
    }

    @Test func aNetWeightAndALabelledCountPriceTheNameAbove() {
        let payload = parse("""
        Woolworths
        23/03/2024 16:47
         Bananas Cavendish
           0.824 kg NET @ $3.90/kg          3.21
        ^Smiths Crinkle Cut Original 170g
           Qty 2 @ $2.40 each               4.80
        SUBTOTAL                            8.01
        TOTAL                               8.01
        """)
        #expect(payload.lineItems.map { "\($0.description) \($0.quantity) \($0.total)" }
                == ["Bananas Cavendish 0.824 3.21", "Smiths Crinkle Cut Original 170g 2 4.80"])
    }

    @Test func aWeightWithItsUnitFirstPricesTheArticleAbove() {
        // Italian tills print the weight under the article, the unit before it: 0,770 × 2,49 = 1,92.
        let payload = parse("""
        COOP ALLEANZA 3.0
        17/04/2024 18:22
        POMODORI RAMATI                 4%  1,92
          KG 0,770 X 2,49
        VINO SANGIOVESE                22%  4,90
        TOTALE COMPLESSIVO                  6,82
        """)
        #expect(payload.lineItems.map { "\($0.description) \($0.quantity) \($0.unitPrice ?? "-") \($0.total)" }
                == ["POMODORI RAMATI 0.770 2.49 1.92", "VINO SANGIOVESE 1 - 4.90"])
    }

    @Test func aSavingWhosePointWasLostTakesItsCentsFromTheArticleAbove() {
        // OCR lost the saving's decimal point ("-1,00" read as "-100"): it was an article with an unreadable price.
        let payload = parse("""
        REWE
        25.11.2023 12:04
        ROTKAEPPCHEN SEKT       4,99 A
        RABATT 20%              -100 A
        BREZE                   1,38 B
        SUMME   EUR             5,37
        """)
        #expect(payload.lineItems.map { "\($0.description) \($0.total) \($0.discount ?? "-")" }
                == ["ROTKAEPPCHEN SEKT 3.99 1.00", "BREZE 1.38 -"])
    }

    @Test func aWeightLineRunIntoItsArticlesLineWeighsThatArticle() {
        // A tilted photo ran the article, its total and the weight line below it into one line: 0,312 × 22,90 = 7,14.
        let payload = parse("""
        EROSKI
        22/03/2025 11:40
        HUEVOS M DOCENA                   2,69 S
        QUESO IDIAZABAL   7,14 R 0,312 kg x 22,90 €/kg
        TOTAL COMPRA                      9,83
        """)
        #expect(payload.lineItems.map { "\($0.description) \($0.quantity) \($0.unitPrice ?? "-") \($0.total)" }
                == ["HUEVOS M DOCENA 1 - 2.69", "QUESO IDIAZABAL 0.312 22.90 7.14"])
    }

    @Test func aTaxLineEndsTheArticles() {
        // No total line the classifier knows ("BAL" shares the tax's line): the card payment below is no article.
        let payload = parse("""
        ALBERTSONS
        09/28/23 19:03
        LUCERNE 2% MILK                   3.99 S
        DAWN DISH SOAP                    4.29 S
        **** TAX  0.50  BAL  8.78
        CREDIT Purchase                    8.78
        """)
        #expect(payload.lineItems.map(\.description) == ["LUCERNE 2% MILK", "DAWN DISH SOAP"])
    }

    @Test func aFeeAbbreviationAloneIsAFeeAndWithOtherWordsABrand() {
        // British Columbia's container recycling fee beside a deposit; Carrefour's own brand is CRF too.
        let payload = parse("""
        COSTCO WHOLESALE
        2023/11/18 11:05
         1009211 KS WATER 40X500          4.29
         1009212 DEPOSIT/1009211          2.40
         1009213 CRF/1009211              0.40
         1000001 LAIT DEMI-ECR. CRF 1L    0.95
         1000002 CRF YAOURT NATURE X8     1.45
                           SUBTOTAL       9.49
                         **** TOTAL       9.49
        """)
        #expect(payload.lineItems.map { "\($0.description) \($0.category ?? "-")" }
                == ["KS WATER 40X500 -", "DEPOSIT/1009211 deposit", "CRF/1009211 fee", "LAIT DEMI-ECR. CRF 1L -", "CRF YAOURT NATURE X8 -"])
    }

    @Test func aSavingUnderADepositIsItsProducts() {
        // California's redemption value is printed under the drink, and the drink's saving under both.
        let payload = parse("""
        RALPHS
        08/14/23 06:12pm
        COCA COLA 12PK 12OZ               8.99 T
           CA REDEMP VAL                    0.60
           SC RALPHS SAVINGS               2.00-
        ROMAINE HEARTS 3PK                3.99 F
        KRO SPARKLING WTR                 1.98 T
           CA REDMP VAL                     0.10
        TAX                                 0.80
        **** BALANCE                       14.46
        """)
        #expect(payload.lineItems.map { "\($0.total) \($0.category ?? "-")" } == ["6.99 -", "0.60 deposit", "3.99 -", "1.98 -", "0.10 deposit"])
        #expect(payload.lineItems.first?.discount == "2.00")
    }

    @Test func headerRowsWithoutAPriceAreNoArticles() {
        // Rows shaped like an article whose price OCR lost are kept (priced 0, for the review); these are not:
        // a currency or a word in the price column is a heading or a header's field, not a garbled price.
        // (The lost price is then what the total leaves: 1,8 A is read as 1.80.)
        let fuel = parse("""
        PETRO-CANADA
        PUMP 04   REGULAR
        48.207 L @ 1.589 $/L  76.60
        COFFEE MED            2.49
        TOTAL  79.09
        """)
        #expect(fuel.lineItems.map(\.total) == ["76.60", "2.49"])
        let table = parse("""
        VAPIANO
        Tisch 31      Gäste 2
        Dcscriptiom                       $
        Artikel  Menge            Preis   CHF
        Deseription            Amcunt
        Pizza Diavola                  14,50
        BAGUETTE                        1,8 A
        Summe                          16,30
        """)
        #expect(table.lineItems.map { "\($0.description) \($0.total)" } == ["Pizza Diavola 14.50", "BAGUETTE 1.80"])
    }

    @Test func aRowNamedAReturnIsAReturnedArticleNotASaving() {
        let payload = parse("""
        ACE HARDWARE
        70117 GORILLA GLUE 2OZ                7.99
        1004598 LEAF BAG 30GAL 5PK
           2 EA @ 3.49                        6.98
        RETURN 70117 GORILLA GLUE 2OZ        7.99-
        TOTAL                                 6.98
        """)
        #expect(payload.lineItems.map { "\($0.total) \($0.category ?? "-")" } == ["7.99 -", "6.98 -", "-7.99 return"])
        #expect(payload.lineItems.allSatisfy { $0.discount == nil })
    }

    @Test func aRateWithAMinusBeforeItIsASaving() {
        // Austria's sticker discount, its minus printed before the rate, not the amount.
        let payload = parse("""
        MPREIS
        WC-REINIGER                       2,79 B
          -25% PICKERL                   0,70 B
        SUMME EUR                          2,09
        """)
        #expect(payload.lineItems.map(\.total) == ["2.09"])
        #expect(payload.lineItems.first?.discount == "0.70")
    }

    @Test func aLevyIsAFee() {
        let payload = parse("""
        REXALL
        DASANI WATER 24PK                 6.99 G
          DEPOSIT                           2.40
          ENV LEVY                        0.24 G
        TOTAL                              9.63
        """)
        #expect(payload.lineItems.map { $0.category ?? "-" } == ["-", "deposit", "fee"])
    }

    @Test func aRecommendedRetailPriceIsNoItem() {
        // Under each product, what it would cost elsewhere and what was saved: information, no row of its own.
        let payload = parse("""
        Chemist Warehouse
        23/08/2022 12:10
        SWISSE MEN'S ULTIVITE 60TAB *     $21.99
           RRP $42.99  You Save $21.00
        NUROFEN 24 TABLETS                 $6.99
        TOTAL                             $28.98
        """)
        #expect(payload.lineItems.map(\.total) == ["21.99", "6.99"])
        #expect(payload.lineItems.allSatisfy { $0.discount == nil })
    }

    @Test func rowsSplitIntoANameLineAndAPriceLineAreStillItems() {
        // OCR of a tilted photo may put each price on a line of its own under its name, and a tax's too.
        let payload = parse("""
        WALMART
        GV MILK 2% 4L
        4.47 D
        GV BREAD
        2.27 D
        DAWN ULTRA
        3.97 J
        SUBTOTAL
        10.71
        HST 13%
        0.52
        TOTAL
        11.23
        12/03/15 13:45
        """)
        #expect(payload.lineItems.map { "\($0.description) \($0.total)" } == ["GV MILK 2% 4L 4.47", "GV BREAD 2.27", "DAWN ULTRA 3.97"])
        #expect(payload.taxAmount == "0.52")
        #expect(payload.totalAmount == "11.23")
        #expect(payload.warnings.isEmpty)
        // A unit price under a wrapped name is no price of its own.
        let wrapped = parse("""
        KEDAI MAKAN
        2  T002S SPICY THAI TOM          50.00
        AFOOD (S)
        @RM25.00
        TOTAL                            50.00
        """)
        #expect(wrapped.lineItems.map(\.total) == ["50.00"])
    }

    @Test func aCountAndUnitPriceInColumnsOfTheirOwnAreTheItemsQuantity() {
        // Wherever the count column stands, its product with the unit price is the row's total;
        // a count with "x" needs no unit price, and a number that multiplies to nothing is the name's.
        let payload = parse("""
        KEDAI MAKAN
        NASI LEMAK          2      3.50      7.00
        2 BANANEN                  0,25      0,50
        CAFE CREME                12.00 2   24.00
        1  WALK   1.60   1.60   1.60
        2 x NASI GORENG                      8.00
        7 UP                                 1.80
        100 PLUS                   2.40
        TOTAL                               45.70
        """)
        let rows = payload.lineItems.map { "\($0.description) \($0.quantity) \($0.unitPrice ?? "-") \($0.total)" }
        #expect(rows == ["NASI LEMAK 2 3.50 7.00", "BANANEN 2 0.25 0.50", "CAFE CREME 2 12.00 24.00", "WALK 1 1.60 1.60",
                         "NASI GORENG 2 4.00 8.00", "7 UP 1 - 1.80", "100 PLUS 1 - 2.40"])
    }

    @Test func aReceiptThatPrintsCountsBeforeItsNamesPrintsThemOnEveryRow() {
        // "2 PAN BARRA  0,45  0,90" shows the till's count column; "1 LECHE" and "3 YOGUR" are counted too.
        let counted = parse("""
        MERCADONA
        1 LECHE ENTERA                1,02
        2 PAN BARRA          0,45     0,90
        3 YOGUR NATURAL               2,97
        TOTAL (€)                     4,89
        """)
        #expect(counted.lineItems.map(\.description) == ["LECHE ENTERA", "PAN BARRA", "YOGUR NATURAL"])
        #expect(counted.lineItems.map(\.quantity) == ["1", "2", "3"])
        #expect(counted.lineItems.last?.unitPrice == "0.99")
        // Without such a row, a leading number is part of the name.
        let named = parse("""
        KEDAI
        7 UP                          1,80
        3 IN 1 COFFEE                 5,00
        TOTAL                         6,80
        """)
        #expect(named.lineItems.map(\.description) == ["7 UP", "3 IN 1 COFFEE"])
        // Counts on every row of a restaurant bill, none with a unit price: they do not run 1, 2, 3.
        let bill = parse("""
        THE OLIVE GARDEN
        1 Chicken Alfredo          18.99
        2 Iced Tea                  5.98
        1 Lasagna Classico         17.49
        Total                      42.46
        """)
        #expect(bill.lineItems.map(\.description) == ["Chicken Alfredo", "Iced Tea", "Lasagna Classico"])
        #expect(bill.lineItems.map(\.quantity) == ["1", "2", "1"])
        // Rows numbered 1, 2, 3 are numbered, not counted.
        let numbered = parse("KEDAI\n1 06S BRAISED PORK      20.00\n2 32 PHRANAKON        28.00\n3 51 GARLIC FRIED      13.00\nTOTAL    61.00\n")
        #expect(numbered.lineItems.map(\.quantity) == ["1", "1", "1"])
        #expect(numbered.lineItems.first?.description == "1 06S BRAISED PORK")
    }

    @Test func aBalanceAboveTheTaxAndATaxWordAloneAreNoItems() {
        // US tills print "BALANCE" before the tax and "BALANCE DUE" after it; "TAX" alone is the tax.
        let kroger = parse("""
        KROGER
        KRO 2% MILK GAL            2.99 B
        DORITOS NACHO              4.99 T
        **** BALANCE               7.98
           TAX                     0.32
        BALANCE DUE                8.30
        VISA                       8.30
        """)
        #expect(kroger.lineItems.map(\.description) == ["KRO 2% MILK GAL", "DORITOS NACHO"])
        #expect(kroger.totalAmount == "8.30")
        #expect(kroger.taxAmount == "0.32")
        let corner = parse("CORNER STORE\nMILK                2.99\nTAX                 0.18\nTOTAL               3.17\n")
        #expect(corner.lineItems.map(\.description) == ["MILK"])
        #expect(corner.warnings.allSatisfy { !$0.contains("items sum") })
        // A word more makes a name: "Balance Brot" is bread.
        #expect(parse("BAECKEREI\nBalance Brot    0,99 A\nSUMME    0,99\n").lineItems.map(\.description) == ["Balance Brot"])
    }

    @Test func aTipPrintedAfterTheTotalIsNoContradiction() {
        let payload = parse("""
        THE OLIVE GARDEN
        11/21/2026 7:42 PM
        1 Chicken Alfredo          18.99
        Subtotal                   18.99
        Tax                         1.52
        Total                      20.51
        Tip                         4.00
        Amount Paid                24.51
        """)
        #expect(payload.tipAmount == "4.00")
        #expect(payload.warnings.isEmpty, "\(payload.warnings)")
    }

    @Test func aWeightPricedPerOnePoundWeighsTheItemAbove() {
        // Walmart US: "2.09 lb @ 1 lb /0.59" under the item is its weight, not an item of 0.59.
        let payload = parse("""
        Walmart
        BANANAS        000000004011KF   1.24 N
         2.09 lb @ 1 lb /0.59
                            SUBTOTAL    1.24
                               TOTAL    1.24
        """)
        #expect(payload.lineItems.count == 1)
        #expect(payload.lineItems.first?.quantity == "2.090")
        #expect(payload.lineItems.first?.unit == "lb")
        #expect(payload.lineItems.first?.unitPrice == "0.59")
    }

    @Test func aWeightLineInPoundsOrWithoutItsOperatorWeighsTheItem() {
        // "0,986 kg  1,99 €/kg" says what the price is per, so it needs no "@" or "x"; "£" prices as "$" does.
        let spanish = parse("""
        MERCADONA
        PLATANO
          0,986 kg  1,99 €/kg         1,96
        TOTAL (€)                     1,96
        """)
        let british = parse("""
        TESCO
        BANANAS LOOSE             £0.82
         0.720 kg @ £1.14/kg
        TOTAL                     £0.82
        """)
        for (payload, weight, perKilo, total) in [(spanish, "0.986", "1.99", "1.96"), (british, "0.720", "1.14", "0.82")] {
            let item = payload.lineItems.first
            #expect(payload.lineItems.count == 1)
            #expect(item?.quantity == weight)
            #expect(item?.unit == "kg")
            #expect(item?.unitPrice == perKilo)
            #expect(item?.total == total)
        }
    }

    @Test func yenSignBeforeANumberMeansYen() {
        #expect(parse("SHOP\nTOTAL ¥1280").currency == "JPY")
    }

    @Test func roundingAdjustmentWhoseSignOCRLostStillReachesTheCashTotal() {
        let payload = parse("""
        KEDAI RUNCIT MAJU SDN BHD
        19/10/2018 20:49
        TABLE LAMP                     55.90
        GIFT CARD HOLDER                4.41
        TOTAL AMT                      60.31
        ROUNDING ADJ                    0.01
        RM 60.30
        CASH                           70.30
        CHANGE                         10.00
        """)
        #expect(payload.totalAmount == "60.30")
    }

    @Test func aCardNamedAmongTheItemsIsAProductNotThePayment() {
        let payload = parse("""
        INDAH GIFT SHOP
        19/10/2018
        PRIVILEGE CARD                 10.00
        TABLE LAMP                     55.90
        TOTAL                          65.90
        CASH                          100.00
        CHANGE                         34.10
        """)
        #expect(payload.lineItems.map(\.description) == ["PRIVILEGE CARD", "TABLE LAMP"])
        #expect(payload.paymentMethod == "Cash")
        #expect(payload.totalAmount == "65.90")
    }

    @Test func germanFlagsGluedOrMarkedAfterThePrice() {
        let payload = parse("""
        Marktkauf
        EUR
        SOBJ.VODKA 0,7L               9,998
        LEERGUT EW MINUS             -1,00xC
        PFAND                         0,25xC
        TIP GESCHIRRTUECHER           2,99 B
        KIWI 4009                     2,49:E
        SUMME EUR                    14,72
        28.02.20 09:58
        """)
        #expect(payload.lineItems.map(\.total) == ["9.99", "-1.00", "0.25", "2.99", "2.49"])
        #expect(payload.lineItems.map(\.taxCode) == [nil, "C", "C", "B", "E"])
        #expect(payload.lineItems[1].category == "deposit")
        #expect(payload.tipAmount == nil)
        #expect(payload.totalAmount == "14.72")
        #expect(payload.warnings.isEmpty)
    }

    @Test func aChainNameWithOneLetterMisreadOnTheFirstLine() {
        let payload = parse("""
        LIDE
        Warburger Straße 130
        33100 Paderborn
        Bananen                       1,62 A
        zu zahlen                     1,62
        """)
        #expect(payload.merchantName == "Lidl")
    }

    @Test func logoDebrisAboveTheShopNameIsSkipped() {
        let payload = parse("""
        Bee
        Bry co.     Ho ans
        PAGOH REST AND SERVICE AREA
        TQ FOR SHOPPING WITH US
        23/03/2018
        MINERAL WATER                  2.00
        TOTAL                          2.00
        """)
        #expect(payload.merchantName == "PAGOH REST AND SERVICE AREA")
    }

    @Test func aDigitReadIntoTheCompanySuffixIsStillACompanyLine() {
        let payload = parse("""
        tan woon yann
        BOOK TA .K (TAMAN DAYA) SDN 8HD
        789417-W
        NO.53, JALAN SAGU 18, TAMAN DAYA
        25/12/2018
        CLAY                           9.00
        TOTAL                          9.00
        """)
        #expect(payload.merchantName == "BOOK TA .K (TAMAN DAYA) SDN 8HD")
    }

    @Test func aLineThatOnlySaysWhatKindOfShopItIsIsNotItsName() {
        // The kind over the name, as a plain line and as one the company words pick out.
        let restaurant = ReceiptParser().parse(ocrText: """
             Ristorante Pizzeria
                DA VINCI
           Bergstraße 14
           64283 Darmstadt
        Pizza Margherita          9,50
        Summe EUR                 9,50
        """)
        #expect(restaurant.merchantName == "DA VINCI")
        let bakery = ReceiptParser().parse(ocrText: """
          Backerei & Konditorei
              HEINEMANN
          Lindenstr. 21 . 41061 Monchengladbach
        Kaiserbrotchen       1,10 B
        Summe EUR            1,10
        """)
        #expect(bakery.merchantName == "HEINEMANN")
    }

    @Test func aChainNamedAgainBelowPartOfItsNameIsNoLocationNote() {
        // "DRUG MART" is a company line (MART) above the chain's full name; the full name is no "(MR DIY TESCO TERBAU)".
        let payload = ReceiptParser().parse(ocrText: """
           SH0PPERS
           DRUG MART
         SHOPPERS DRUG MART #0817
         2400 DUNDAS ST W
        TYLENOL EXTRA STR 100        12.99
        TOTAL                        12.99
        """)
        #expect(payload.merchantName == "Shoppers Drug Mart")
    }

    @Test func aStoreNumberLineIsNoShopName() {
        let payload = ReceiptParser().parse(ocrText: """
          NORTHERN LIGHTS GROCERS
         MAGASIN / STORE # 141
         1105 CARLING AVE
        MILK 2L                       4.29
        TOTAL                         4.29
        """)
        #expect(payload.merchantName == "NORTHERN LIGHTS GROCERS")
    }

    @Test func aReturnValueUnderAnItemIsNoItem() {
        let payload = ReceiptParser().parse(ocrText: """
        Walgreens #04417
        RUSSELL STOVER HEART 10OZ      8.99 A
          MYWALGREENS SAVINGS          2.00-
          RETURN VALUE 6.99
        HALLMARK VALENTINE CARD        5.99 A
        SUBTOTAL                      12.98
        TOTAL                         12.98
        """)
        #expect(payload.lineItems.map(\.description) == ["RUSSELL STOVER HEART 10OZ", "HALLMARK VALENTINE CARD"])
    }

    @Test func aPriceWhosePointOCRReadAsASpaceIsReadAndAPriceBeforeASaleIsNoItem() {
        let payload = ReceiptParser().parse(ocrText: """
        SOBEYS
          COKE 2L                    2.49 H
          STRAWBERRIES 1LB           3.99
            CLUB PRICE  REG 4.99
          DELI POTAT0 SALAD          4 49
          HALLOWEEN MIX   003400057728     14.97 J
            ROLLBACK  WAS 17.97
          SUBT0TAL                  25.94
          T0TAL                     25.94
        """)
        #expect(payload.lineItems.map(\.description) == ["COKE 2L", "STRAWBERRIES 1LB", "DELI POTAT0 SALAD", "HALLOWEEN MIX"])
        #expect(payload.lineItems.map(\.total) == ["2.49", "3.99", "4.49", "14.97"])
    }

    @Test func aTaxIncludedInTheTotalIsTheTaxAndItsPartsBelowAreNotAddedToIt() {
        let liquor = ReceiptParser().parse(ocrText: """
        LCBO STORE #0010
        KIM CRAWFORD SAUV BLANC         19.95
        BOTTLE DEPOSIT                   0.20
        SUBTOTAL                        20.15
        TOTAL                           20.15
        HST INCLUDED IN TOTAL            2.30
        """)
        #expect(liquor.totalAmount == "20.15")
        #expect(liquor.taxAmount == "2.30")
        let fuel = ReceiptParser().parse(ocrText: """
        PETRO-CANADA #61218
        PUMP # 04 REGULAR               40.00
        ULTRA WASH                      12.61
        TOTAL                           52.61
        HST INCLUDED  13%                6.05
        HST INCL - FUEL   4.79  WASH  1.26
        """)
        #expect(fuel.taxAmount == "6.05")
    }

    @Test func aProductNamedLikeATotalIsAnItemWhenTheSumsSaySo() {
        // "COLGATE TOTAL" names a toothpaste and "SUMMER" reads like German "SUMME": each costs less
        // than the items above it, and the balance below covers them all, so neither ends the items.
        let text = """
        SAINSBURY'S
        JS SWEETCORN 3PK                 £0.95
        JS SEMI SKIMMED 4PT              £1.45
        COLGATE TOTAL 75ML               £2.50
        OASIS SUMMER FRUITS              £1.85
        JS GREEK STYLE YOGURT            £1.10
        BALANCE DUE                      £7.85
        CASH                            £10.00
        CHANGE                           £2.15
        07/08/2021 18:22
        """
        let payload = parse(text)
        #expect(payload.lineItems.map(\.description) == ["JS SWEETCORN 3PK", "JS SEMI SKIMMED 4PT", "COLGATE TOTAL 75ML",
                                                         "OASIS SUMMER FRUITS", "JS GREEK STYLE YOGURT"])
        #expect(payload.totalAmount == "7.85")
        // A real subtotal is never below the items it sums: "SUB TOTAL" stays the end of the items.
        let subtotal = text.replacingOccurrences(of: "COLGATE TOTAL 75ML               £2.50", with: "SUB TOTAL  £2.40")
        #expect(parse(subtotal).lineItems.count == 2)
    }

    @Test func aTwoWordProductNamedLikeATotalAboveTheTaxIsAnItem() {
        // "COLGATE TOTAL 4.8OZ" ends the items above the tax; with it, the items and the tax make the balance.
        let payload = parse("""
        SAFEWAY
        SIGNATURE SELECT SALSA            3.99 S
        CHARMIN ULTRA 6 MEGA              9.99 T
        COLGATE TOTAL 4.8OZ               4.49 T
           TAX                            1.19
        **** BALANCE                     19.66
        """)
        #expect(payload.lineItems.map(\.total) == ["3.99", "9.99", "4.49"])
        #expect(payload.totalAmount == "19.66")
    }

    @Test func aPoundReadAsOneBIsStillAPound() {
        let payload = parse("""
        Walmart
        BANANAS        000000004011KF   1.34 N
            2.31 1b @ 1 1b /0.58
                            SUBTOTAL    1.34
                               TOTAL    1.34
        """)
        #expect(payload.lineItems.map(\.total) == ["1.34"])
        #expect(payload.lineItems.first?.unit == "lb")
    }

    @Test func aTaxNameOCRSplitInTwoIsStillThatTax() {
        // "T PS" is TPS (GST in French) with a space OCR put in it; "T" and "PS" alone name nothing.
        let text = """
        PHARMAPRIX
        SOUS-TOTAL                         63,72
        T PS 5%                             3,19
        TVQ 9,975%                          6,36
        TOTAL                              73,27
        DÉBIT INTERAC                      73,27
        19-12-2020     16:44
        """
        #expect(parse(text).taxAmount == "9.55")
        #expect(SummaryLineClassifier.taxName(LineLabel("T PS 5%")) == "GST")
        #expect(SummaryLineClassifier.taxName(LineLabel("T SHIRT")) == nil)
    }

    @Test func anArticleBroughtBackIsAnItemOfItsOwnNotADiscount() {
        // Under a RETURN header the negative row is the returned article; elsewhere a negative row
        // is a saving on the item above it.
        let text = """
        THE HOME DEPOT
        05/21/22 09:14 AM
        012871345113 SPAX #8 2" 1LB         10.98
        098168601129 HDX 9IN ROLLER KIT      9.97
        RETURN
        049793060016 BEHR ULTRA 1QT FLAT   -17.98
           ORIG REC 0121 02 88112 05/14/22
        SUBTOTAL                              2.97
        SALES TAX                             0.18
        TOTAL                                 3.15
        """
        let payload = parse(text)
        #expect(payload.lineItems.map(\.total) == ["10.98", "9.97", "-17.98"])
        #expect(payload.lineItems.last?.category == "return")
        #expect(payload.totalAmount == "3.15")
        let saving = parse(text.replacingOccurrences(of: "RETURN\n", with: ""))
        #expect(saving.lineItems.map(\.total) == ["10.98", "-8.01"])
    }

    @Test func aTaxNameWithALetterReadAsADigitIsThatTax() {
        // Tesseract reads GST's G as a 6 ("6ST(Included) 6.00 %" in a real Malaysian scan).
        let payload = parse("""
        Walmart
        03/15/22 10:22
        GV 2% MILK 4L                  5.47
        LAYS CLASSIC 235G              3.47 J
         SUBTOTAL 8.94
                  6ST 5.0000 %                  0.17
                           TOTAL 9.11
        """)
        #expect(payload.taxAmount == "0.17")
        #expect(payload.taxes.map(\.name) == ["GST"])
    }

    /// A name that goes on in a short line of its own is priced by the price alone under it.
    @Test func aNameGoingOnInAShortLineIsPricedByThePriceBelow() {
        let payload = ReceiptParser().parse(ocrText: """
        LOWE'S HOME CENTERS, LLC
        08/23/19
        1003942 HDX 10-GAL CONTRACTOR BAGS
                32CT
                                               16.98
        71345   PINE 1X6X8 COMMON BOARD
                3 @ 9.48                       28.44
        SUBTOTAL:                             45.42
        TOTAL:                                45.42
        """)
        #expect(payload.lineItems.map(\.description) == ["HDX 10-GAL CONTRACTOR BAGS 32CT", "PINE 1X6X8 COMMON BOARD"])
        #expect(payload.lineItems.map(\.total) == ["16.98", "28.44"])
    }

    /// A name's measure with its unit glued on ("3.78L") is no price when a quantity row with its own total follows.
    @Test func aMeasureGluedToItsUnitGivesWayToTheQuantityRowBelow() {
        let payload = ReceiptParser().parse(ocrText: """
        CANADIAN TIRE
        2020-07-18 15:37
        029-3847-0 MOTOMASTER WASHER FLUID -45C 3.78L
           2 @ 5.99                            11.98
        188-3045-0 VERTEX GARBAGE BAGS 40CT
                                               11.49
        TOTAL                                  23.47
        """)
        #expect(payload.lineItems.map(\.total) == ["11.98", "11.49"])
        #expect(payload.lineItems.first?.description.hasSuffix("3.78L") == true)
        #expect(payload.lineItems.first?.quantity == "2")
    }

    /// An item code in three hyphenated groups ("043-2211-4") leads the name; its digits are not the name's.
    @Test func aHyphenatedItemCodeBeforeANameWaitingForItsPrice() {
        let payload = ReceiptParser().parse(ocrText: """
        CANADIAN TIRE
        2020-07-18 15:37
        028-1260-8 MOTOMASTER ICE SCRAPER 24IN          12.99
        043-2211-4 DURACELL AA 24PK
                                               22.99
        TOTAL                                  35.98
        """)
        #expect(payload.lineItems.map(\.description) == ["MOTOMASTER ICE SCRAPER 24IN", "DURACELL AA 24PK"])
        #expect(payload.lineItems.map(\.total) == ["12.99", "22.99"])
    }

    /// "GST 8% included in total": the tax the total holds, with its rate between the tax's name and "included".
    @Test func aTaxIncludedInTheTotalAfterItsRateIsATax() {
        let payload = ReceiptParser().parse(ocrText: """
        SHENG SIONG SUPERMARKET PTE LTD
        21/05/2023 19:02
        FRESH MILK 1L                    3.45
        BREAD                            2.10
        TOTAL                            5.55
        GST 8% included in total         0.41
        """)
        #expect(payload.totalAmount == "5.55")
        #expect(payload.taxAmount == "0.41")
    }

    /// A size in ounces ("13.5OZ") is no price; the price that lost its point after it is read by its flag.
    @Test func aSizeInOuncesLeavesTheFlaggedPriceAfterIt() {
        let payload = ReceiptParser().parse(ocrText: """
        RITE AID
        10/30/2021 11:23
        HEAD&SH0ULD SHMP 13.5OZ          899 T
        DASANI WATER 20OZ                 2.29 T
        MAYBELL1NE LASH SENS MASC        10.99 T
        SUBTOTAL                         22.27
        TOTAL                            22.27
        """)
        #expect(payload.lineItems.map(\.total) == ["8.99", "2.29", "10.99"])
    }

    /// A product whose short word is one letter from a saving's ("PRIMO" and "PROMO") is an article: a positive
    /// amount is a saving only by a label spelled as it is, or a longer one with one slip.
    @Test func aProductOneLetterFromASavingWordIsAnArticle() {
        let payload = ReceiptParser().parse(ocrText: """
        FOOD BASICS
        SELECTION EGGS 12      3.99
        CLUB HOUSE PEPPER      549
           2 @ 1.77
        PRIMO SPAGHETTI    3.54
        MINI CUCUMBERS        3.49
        SUBTOTAL      16.51
        TOTAL   16.51
        """)
        #expect(payload.lineItems.map(\.description) == ["SELECTION EGGS 12", "CLUB HOUSE PEPPER", "PRIMO SPAGHETTI", "MINI CUCUMBERS"])
        #expect(payload.lineItems.map(\.total) == ["3.99", "5.49", "3.54", "3.49"])
        #expect(payload.lineItems[2].quantity == "2")
        // Spelled as it is, the word still makes a saving.
        let promo = ReceiptParser().parse(ocrText: "SHOP\nSELECTION EGGS 12      3.99\nPROMO   1.00\nTOTAL   2.99\n")
        #expect(promo.lineItems.first?.discount == "1.00")
    }

    /// A short tax name OCR glued to its rate is still that tax ("TVQ9,975%", as PP-OCR read a Metro receipt's QST).
    @Test func aTaxNameGluedToItsRateIsStillTheTax() {
        let payload = ReceiptParser().parse(ocrText: """
        METRO
        LAIT 2% 4L   6,49
        CROUSTILLES LAY'S   4,99 FP
        SOUS-TOTAL     11,48
        TPS 5% 0,25
        TVQ9,975%          0,50
        TOTAL 12,23
        2025/02/26 18:04
        """)
        #expect(payload.taxes.map(\.name) == ["GST", "QST"])
        #expect(payload.taxAmount == "0.75")
        #expect(payload.lineItems.count == 2)
    }

    /// A checkout bag's fee is a fee, not an article (Washington's 8 cents a bag).
    @Test func aBagFeeIsAFee() {
        let payload = ReceiptParser().parse(ocrText: """
        SAFEWAY
        LEMONS      2.50 S
        BAG FEE 3 @ .08          0.24 S
        TAX         0.00
        ****  BALANCE          2.74
        """)
        #expect(payload.lineItems.map(\.category) == [nil, "fee"])
    }

    /// A row with its UPC is a product whatever its name says ("PERSIL DISCS" is no discount).
    @Test func aRowWithItsUPCIsAProductEvenWhenNamedLikeASaving() {
        let payload = ReceiptParser().parse(ocrText: """
        WALMART
        BANANA        00000004011         1.95 D
        PERSIL DISCS            05697300083  16.97 J
        SUBTOTAL  18.92
        TOTAL 18.92
        """)
        #expect(payload.lineItems.map(\.description) == ["BANANA", "PERSIL DISCS"])
        #expect(payload.lineItems.map(\.total) == ["1.95", "16.97"])
    }

    /// Change carries no tax flag: a row ending in a price and its flag is an article, whatever its words
    /// (Hofer's brand "Zurück zum Ursprung" begins with the German word for change).
    @Test func aFlaggedRowNamedLikeChangeIsAnArticle() {
        let payload = ReceiptParser().parse(ocrText: """
        HOFER
        Bauernbrot 750g  2,29 B
        Zurück z. Ursprung Butter            299 B
        Summe   5,28
        Bar         10,00
        Rückgeld            4,72
        """)
        #expect(payload.lineItems.map(\.description) == ["Bauernbrot 750g", "Zurück z. Ursprung Butter"])
        #expect(payload.lineItems.map(\.total) == ["2.29", "2.99"])
        #expect(payload.totalAmount == "5.28")
    }

    /// An undotted price after a measure in the name is the row's price: "0,33" is the bottle's litres.
    @Test func anUndottedPriceAfterAMeasureIsThePrice() {
        let payload = ReceiptParser().parse(ocrText: """
        S-market
        MANSIKKA 1KG      6,99
        KARJALA OLUT 0,33 6PK   999
        YHTEENSÄ     16,98
        """)
        #expect(payload.lineItems.map(\.description) == ["MANSIKKA 1KG", "KARJALA OLUT 0,33 6PK"])
        #expect(payload.lineItems.map(\.total) == ["6.99", "9.99"])
    }

    /// "Of which VAT" under a Nordic VAT table sums its rows; it is no tax of its own.
    @Test func aNordicOfWhichVATLineIsTheTaxTotal() {
        let payload = ReceiptParser().parse(ocrText: """
        REMA 1000
        TINE LETTMELK 1L       22,40
        ZALO OPPVASK          29,90
        TOTAL          52,30
        MVA-grunnlag          MVA        Sats
        19,48      2,92            15%
        23,92       5,98    25%
        Herav MVA       8,90
        """)
        #expect(payload.taxAmount == "8.90")
        #expect(payload.taxes.count == 2)
    }

    @Test func twoTaxesOfTheSameRateAndAmountAreBothTaxes() {
        // Saskatchewan's GST and PST were both 5 %: the same amount twice under two names, which the subtotal and
        // total need both of (a table restating one tax under another name adds up without it).
        let payload = parse("""
        SEARS
        Saskatoon SK S7K 1J5
        BATH TOWEL        14.99
        SUBTOTAL          14.99
        GST 5%             0.75
        PST 5%             0.75
        TOTAL             16.49
        """)
        #expect(payload.taxes.map(\.name) == ["GST", "PST"])
        #expect(payload.taxAmount == "1.50")
    }
}
