import Foundation
import Testing
@testable import PlutaryCore

@Suite("Malaysian receipts (GST/SST, SDN BHD, rounding)")
struct MalaysianReceiptTests {
    static let receipt = """
    tan woon yann
    KEDAI BUKU TAMAN DAYA SDN BHD
    (123456-X)
    NO.53, JALAN SAGU 18,
    81100 JOHOR BAHRU, JOHOR.
    GST ID : 000123456789
    TAX INVOICE
    Doc No : CS00012345      Date: 25/12/2018
    Cashier: MANIS           Time: 20:13:39
    KF MODELLING CLAY            2    9.00 SR
    PEN BLUE 0.5                      3.72 SR
    Total Sales (Excluding GST)      12.72
    GST @ 6%                          0.76
    Total Sales (Inclusive of GST)   13.48
    Rounding Adjustment               0.02
    Rounded Total (RM)               13.50
    CASH                             20.00
    CHANGE                            6.50
    GOODS SOLD ARE NOT RETURNABLE
    """

    @Test func aRowLedByAnArticleNumberIsAProductWhateverItsName() {
        let payload = ReceiptParser().parse(ocrText: """
        KEDAI RUNCIT MAJU SDN BHD
        Date: 14/02/2018 18:22
        000094552101 ANCHOR BUTTER SALTED 227G
                                          10.95 SR
        004902430667 COLGATE TOTAL 150G TWIN
                                          16.90 SR
        002300217715 EPAL FUJI CHINA 4S
                                           8.90 ZR
        Total Sales Incl GST               36.75
        CASH                               50.00
        Change Amt                         13.25
        """)
        #expect(payload.totalAmount == "36.75")
        #expect(payload.lineItems.map(\.description) == ["ANCHOR BUTTER SALTED 227G", "COLGATE TOTAL 150G TWIN", "EPAL FUJI CHINA 4S"])
    }

    @Test func aServiceChargeIsAddedToTheBillAndIsNoChange() {
        // OCR garbled the total's label; subtotal + service charge + GST - rounding is what was paid.
        let payload = ReceiptParser().parse(ocrText: """
        SUSHI MENTAI SDN BHD
        Date: 09-04-2018 19:22:25
        Tori Teriyaki Don        1x   25.60
        Green Tea                1x    1.00
        Total (Excluding GST):        26.60
        Serv. Charge (10%):            2.66
        GST Payable:                   1.76
        Tota] (Inclusive of GST):     31.02
        Rounding Adj:                 -0.02
        CASH :                        31.00
        """)
        #expect(payload.totalAmount == "31.00")
        #expect(payload.tipAmount == "2.66")
        #expect(payload.warnings.isEmpty)
    }

    @Test func aGSTSummaryRowWrittenWithAnAtGivesTheTax() {
        // "SR @ 6%" is the standard-rated row of the summary; "DISC 10% @8.01" is a discount, no VAT row.
        let payload = ReceiptParser().parse(ocrText: """
        AEON CO. (M) BHD
        06/03/2018 20:11
        SUNSILK SHAMPOO                  8.01
        DISC 10% @8.01                  -0.89
        FAB POWDER                      81.85
        Total Sales Incl GST            88.97
        Rounding Adj                    -0.02
        Total After Adj Incl GST        88.95
        CASH                           100.00
        GST Summary     Amount      Tax
        SR @ 6%          83.93      5.04
        Total            83.93      5.04
        """)
        #expect(payload.taxAmount == "5.04")
        #expect(payload.totalAmount == "88.95")
    }

    @Test func keepsTheFullCompanyLine() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(payload.merchantName == "KEDAI BUKU TAMAN DAYA SDN BHD")
    }

    @Test func roundedTotalWinsAndArithmeticConfirmsIt() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(payload.currency == "MYR")
        #expect(payload.purchaseDate == "2018-12-25")
        #expect(payload.subtotalAmount == "12.72")
        #expect(payload.taxAmount == "0.76")
        #expect(payload.totalAmount == "13.50")
        #expect(payload.taxes == [TaxLinePayload(name: "GST", rate: "6", amount: "0.76")])
        #expect(payload.warnings.isEmpty)
    }

    /// A table's column header is no item, and a name printed above it (the cashier's) names none;
    /// nor is the salesperson's line.
    @Test(arguments: ["Description            Amount", "Item     Qty   S/Price   Amount"])
    func aColumnHeaderIsNoItem(header: String) {
        let text = """
        POPULAR BOOK CO. (M) SDN BHD
        29/03/18 13:24  Slip No.: 0010111111
        WONG HUI LING      Trans: 121722
        Salesperson : 002
        \(header)
        PB SHT/P 11H A4 10'S C/0.
        2pc @ 3.50            7.00 T
        R RING 500'S            2.65 T
        Total RM Incl. of GST        9.65
        Cash            -50.00
        CHANGE            40.35
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["PB SHT/P 11H A4 10'S C/0", "R RING 500'S"])
        #expect(payload.lineItems.map(\.total) == ["7.00", "2.65"])
    }

    /// A tax row with its rate above the total is the tax's, not an item; a tax word in a
    /// product's name without a rate leaves the product an item.
    @Test func aRowOfCountUnitAndPricesPricesTheNameAboveIt() {
        let text = """
        POPULAR BOOK CO. (M) SDN BHD
        QTY          RM            RM
        95569390-40118  KF MODELLING CLAY KIDDY FISH
        1 PC        9.000  0.00         9.00
        DOCUMENT HOL A4 1466A-Tra
        2pc  1.15            2.30 T
        Member Discount           -0.24
        Total :          11.06
        """
        let items = ReceiptParser().parse(ocrText: text).lineItems
        #expect(items.map(\.description) == ["KF MODELLING CLAY KIDDY FISH", "DOCUMENT HOL A4 1466A-Tra"])
        #expect(items.map(\.quantity) == ["1", "2"])
        #expect(items.map(\.unitPrice) == [nil, "1.15"])
        #expect(items.map(\.total) == ["9.00", "2.06"])
    }

    @Test func paymentAndBookkeepingRowsAmongTheItemsAreNoItems() {
        // The salesperson's column header, the tender printed above the subtotal, the count of items and the amount paid.
        let text = """
        KING'S CONFECTIONERY S/B
        Salesperson            Ref
        Item         Qty  S/Price  Amount  Tax
        KAYA PUFF                 6.40 SR
        SLICE CAKE                8.70 SR
        CASH            20.00
        Qty     2           15.10
        Pay         20.00
        Subtotal  15.10
        Change       4.90
        """
        #expect(ReceiptParser().parse(ocrText: text).lineItems.map(\.description) == ["KAYA PUFF", "SLICE CAKE"])
    }

    @Test func aTaxRowWithItsRateIsNoItem() {
        let text = """
        SAM SAM TRADING CO
        29/12/2017 20:17
        UNICORN TWIN SUPER GLUE          5.20 S
        TAX FREE SAMPLER                 2.00 Z
        No. Qtys:       2 No. Items:   2
        TAX AMT (S) 6%            RM 4.90
        GST 6%            RM 0.31
        TAX AMT (Z) 0%          RM 0.00
        TOTAL          RM  7.51
        CASH            RM 20.00
        CHANGE          RM 12.49
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["UNICORN TWIN SUPER GLUE", "TAX FREE SAMPLER"])
        #expect(payload.totalAmount == "7.51")
    }

    @Test func sstAndMonthNameDate() {
        let text = """
        RESTORAN NASI KANDAR MAJU
        25 DEC 2018 13:05
        NASI AYAM                  8.50
        TEH TARIK                  2.00
        SUB TOTAL                 10.50
        SST 6%                     0.63
        NETT TOTAL                11.13
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.merchantName == "RESTORAN NASI KANDAR MAJU")
        #expect(payload.purchaseDate == "2018-12-25")
        #expect(payload.taxes.first?.name == "SST")
        #expect(payload.totalAmount == "11.13")
        #expect(payload.currency == "MYR")
    }

    @Test func joinsWrappedCompanyNamesAndSkipsWatermarks() {
        let text = """
        tan woon yann
        AIK HUAT HARDWARE ENTERPRISE (SETIA
        ALAM) SDN BHD
        NO. 17-G, JALAN SETIA INDAH
        TOTAL : RM 15.00
        """
        #expect(ReceiptParser().parse(ocrText: text).merchantName == "AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD")
    }

    @Test func arithmeticRescuesAGarbledTotal() {
        // The TOTAL line lost its first digit; subtotal + tax + rounding says 27.55.
        let text = """
        TEO HENG STATIONERY & BOOKS
        Date: 17/01/2018
        SUB-TOTAL (EX)      :   26,00
        TOTAL TAX           :    1,56
        ROUNDING            :   -0.01
        TOTAL    JAX re         7.55
        """
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "27.55")
    }

    @Test func companyLinesWithSuffixesTaglinesAndRegistrationNumbers() {
        func merchant(_ header: String) -> String? {
            ReceiptParser().parse(ocrText: header + "\n06/03/2018\nITEM A   4.00\nTOTAL   4.00").merchantName
        }
        // The registration number on the company line stays out of the name, not the line out of the candidates.
        #expect(merchant("P22?\nAEON CO. (M) BHD (126926-H)\n3RD FLR, AEON TAMAN MALURI SC\nJLN JEJAKA, TAMAN MALURI") == "AEON CO. (M) BHD")
        // "S/B" (read "$/B") is a company form; it beats a brand line above it.
        #expect(merchant("BREWERY TAP\nOwner by Castle Blue $/B\n(1035685-T)") == "Owner by Castle Blue $/B")
        // The wrapped suffix read first: "mn BHD." then "LIGHTROOM GALLERY, SDN".
        #expect(merchant("mn       BHD.\nLIGHTROOM GALLERY, SDN\nNo: 28, JALAN ASTANA 1C") == "LIGHTROOM GALLERY, SDN BHD")
        // A shop-type tagline under the name.
        #expect(merchant("THREE STOOGES\nBISTRO & CAFE\n109, SS21/1A,\nDAMANSARA UTAMA") == "THREE STOOGES")
        // A real name with a shop type stays whole.
        #expect(merchant("SRI MURNI CAFE\n109, SS21/1A,") == "SRI MURNI CAFE")
    }

    @Test func logoDebrisAndTableHeadersAreNotTheShop() {
        func merchant(_ header: String) -> String? {
            ReceiptParser().parse(ocrText: header + "\n06/03/2018\nITEM A   4.00\nTOTAL   4.00").merchantName
        }
        // "HOen&" (a logo misread, mixed case) loses to the name under it.
        #expect(merchant("HOen&\n41020 |\nYHM Aeon Tebrau City\nS117, Second Floor,") == "YHM Aeon Tebrau City")
        // Capitals, title case and lower case are how names are printed.
        #expect(MerchantExtractor.hasMixedCaseWord("HOen&"))
        #expect(!MerchantExtractor.hasMixedCaseWord("YHM Aeon Tebrau City"))
        #expect(!MerchantExtractor.hasMixedCaseWord("dm drogerie markt"))
        // An item table header is not a name.
        #expect(merchant("a are «sy, AMOUNT\n(001451637-M)\nNO. 53, JALAN BESAR, 45600 BATANG") == nil)
    }

    private func merchant(_ header: String) -> String? {
        ReceiptParser().parse(ocrText: header + "\n12/03/2018\nTOTAL 10.00\n").merchantName
    }

    @Test func aCompanyNameOfShortWordsIsStillACompanyLine() {
        let header = "tan woon yann\nMR D.I.Y. (M) SDN BHD\n(CO.REG : 86Q671-D)\nKAWASAN PERINDUSTRIAN BALAKONG,\n(TESCO PUTRA NILAI)"
        #expect(merchant(header) == "MR D.I.Y. (M) SDN BHD")
    }

    @Test func aCompanyFormAloneJoinsTheNameOnTheLineAbove() {
        let header = "POPULAR BOOK\nCO. (M) SDN BHD\n(Co. No. 113825-W)\nSUNWAY VELOCITY"
        #expect(merchant(header) == "POPULAR BOOK CO. (M) SDN BHD")
    }

    @Test func aRegistrationNumberThatLostAParenthesisOrItsHyphenIsNotPartOfTheName() {
        #expect(merchant("99 SPEED MART S/B S19537-X)\nTAMAN RERKELEY\n41150 KLANG, SELANGOR") == "99 SPEED MART S/B")
        #expect(merchant("99 SPEED MART S/B (519537·X)\nTAMAN BERKELEY\n41150 KLANG, SELANGOR") == "99 SPEED MART S/B")
        #expect(merchant("3180301\nFarmasi Maluri S/B(587969-U)\n23, J1n Burung Jentayu, Tmn Bukit") == "Farmasi Maluri S/B")
    }

    @Test func aBrandInCamelCaseIsPrintedLikeAName() {
        // Mixed case marks logo debris ("HOen"), not a brand's own spelling.
        #expect(merchant("PappaRich BMC\nNO.19 & 21\nBANDAR MAHKOTA CHERAS\n43200 SELANGOR") == "PappaRich BMC")
        #expect(merchant("TAX INVOICE\nBHPetrol Palekbang\nTumpat") == "BHPetrol Palekbang")
        #expect(!MerchantExtractor.hasMixedCaseWord("McDonald's"))
    }

    @Test func aRegistrationNumberWhoseZeroOCRReadAsOIsNotPartOfTheName() {
        #expect(merchant("KING'S CONFECTIONERY S/B 27350O-U\nNO.41, JALAN SERI BINTANG 2") == "KING'S CONFECTIONERY S/B")
    }

    @Test func aFooterNoticePrintedAtTheTopIsNotTheShop() {
        let header = "Thank You, Please come again.\nGoods Sold Are Not Returnable.\nFor feedback or complaint, please call:\nSegi Cash & Carry Sdn.Bhd\n(317041-W)"
        #expect(merchant(header) == "Segi Cash & Carry Sdn.Bhd")
    }

    @Test func aStreetLineIsTheAddressEvenWithoutANumber() {
        #expect(merchant("TAX INVOICE\nJalan Lapangan Terbang Subang\nSeri Subang Service Station\n47200 Subang") == "Seri Subang Service Station")
    }

    @Test func aLineThatStartsWithAnAmpersandContinuesTheNameAbove() {
        #expect(merchant("A04082\nTHE COFFEE BEAN\n& TEA LEAF (M) SDN. BHD.\nCompany No.:441970-H") == "THE COFFEE BEAN & TEA LEAF (M) SDN. BHD.")
        // Logo debris read in lower case above it is no part of the name.
        #expect(merchant("..staff lund\n& BEST RESTAURANT\n(001610235-P)") == "& BEST RESTAURANT")
    }

    @Test func theTotalRowOfAGSTSummaryTableIsNoTotal() {
        // "Total: 106.10 6.37" under "Tax Code % Amount GST" sums the table's columns.
        let text = """
        KEDAI ABC SDN BHD
        12/03/2018
        Sub Total (RM) :   106.10
        Total GST (RM) :    6.37
        Total (RM) :  112.47
        Tax Code     %    Amount    GST
        SR            6      106.10    6.37
        Total:     106.10    6.37
        """
        let totals = ReceiptParser().candidates(ocrText: text)["total"] ?? []
        let tableRow = totals.first { $0.value == "6.37" }
        #expect((tableRow?.features["keyword"] ?? 0) < 0.5)
        #expect(ReceiptParser().parse(ocrText: text).totalAmount == "112.47")
    }

    @Test func aGSTSummaryRowCodedWithTwoLettersGivesTheTax() {
        // "SR" (standard rated) codes the row; 6 % of 310.47 is its 18.63. Before, the tax was the
        // table's gross 329.10, the whole purchase.
        let payload = ReceiptParser().parse(ocrText: """
        TRENDYMAX (M) SDN. BHD.
        15/01/2018
        IB-RDM                        260.10
        AOR5058                        69.00
        Total Inclusive GST:            329.10
        VISA                           329.10
        GST Summary
        Code  %     Net Amt        GST        Total
        SR   6%     310.47    18.63    329.10
        Total         310.47    18.63    329.10
        """)
        #expect(payload.totalAmount == "329.10")
        #expect(payload.taxAmount == "18.63")
    }

    @Test func noTaxIsHalfThePurchase() {
        // OCR lost the point of "1.20" on the tax line; 12.00 is no tax of a 20.00 purchase.
        let payload = ReceiptParser().parse(ocrText: """
        KEDAI RUNCIT MAJU
        20/03/2018
        BERAS 5KG                      20.00
        SUBTOTAL                       20.00
        GST 6%                          1200
        TOTAL                          21.20
        CASH                           21.20
        """)
        #expect(payload.totalAmount == "21.20")
        #expect(payload.taxAmount != "12.00")
    }

    @Test func theGSTSummaryRestatesTheTaxLineAndIsNotAddedToIt() {
        // "GST @6%: $0.40" and the summary's "SR = GST @6%  6.70  0.40" are one tax of 0.40, not 0.80.
        let payload = ReceiptParser().parse(ocrText: """
        TEA GARDEN
        19/03/2018
        MILO ICE                        7.10
        Total Amount: $7.10
        GST @6%: $0.40
        Nett Total: $7.10
        GST Summary         Amount($)       Tax($)
        SR = GST @6%            6.70         0.40
        """)
        #expect(payload.totalAmount == "7.10")
        #expect(payload.taxAmount == "0.40")
    }

    @Test func anArticleCodeBetweenAnItemAndItsQuantityRowIsTheItems() {
        // MR DIY: the name with its tax flag, a code line, then the barcode, count, unit price and total.
        // "CABLE" is one letter from "TABLE", which rules out a name, but not as spelled.
        let text = """
        MR. D.I.Y. (KUCHAI) SDN BHD
        43300 SERI KEMBANGAN, SELANGOR
        (TESCO EXTRA KAJANG)
        -TAX INVOICE-
        BOOSTER CABLE XH-500A            *S
        CE72 - 10
        9001620            1 X 29.90  29.90
        EPOXY PUTTY+ (2 X 50GM)            *S
        WA17 - 12/144
        9555075106825       3 X 8.50  25.50
        Item(s): 2            Qty(s) : 4
        TOTAL INCL.GST@6%            RM 55.40
        """
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.lineItems.map(\.description) == ["BOOSTER CABLE XH-500A", "EPOXY PUTTY+ (2 X 50GM)"])
        #expect(payload.lineItems.map(\.total) == ["29.90", "25.50"])
        #expect(payload.lineItems.map(\.quantity) == ["1", "3"])
    }

    /// Hardware shops print the name, then the count, the unit price and the amount in columns below it.
    @Test func aCountAndUnitPriceUnderTheNameAreItsQuantityRow() {
        let payload = ReceiptParser().parse(ocrText: """
        KEDAI PERKAKASAN MAJU SDN BHD
        GST ID : 000812345678
        ITEM              QTY   PRICE   AMOUNT  TAX
        1038 4" PAINT BRUSH
                             2    6.50    13.00  SR
        0871 SANDPAPER #120
                             5    0.90     4.50  SR
        TOTAL SALES (INCLUSIVE OF GST) :       17.50
        CASH :                                 20.00
        CHANGE :                                2.50
        """)
        #expect(payload.lineItems.map(\.description) == ["4\" PAINT BRUSH", "SANDPAPER #120"])
        #expect(payload.lineItems.map(\.quantity) == ["2", "5"])
        #expect(payload.lineItems.map(\.unitPrice) == ["6.50", "0.90"])
        #expect(payload.lineItems.map(\.total) == ["13.00", "4.50"])
    }

    /// Some tills print the count and unit price first, then the name, then the amount; a name on the line
    /// above still names a quantity row ("(Disc: 1.53)" is no name).
    @Test func theNameMayStandBetweenTheUnitPriceAndTheAmount() {
        let payload = ReceiptParser().parse(ocrText: """
        ANEKA STATIONERY SDN BHD
        Qty   Description                       Amount
        9556089012345
         1 x  5.90  FABER-CASTELL 2B PENCIL 12S    5.90 SR
         4 x  1.50  PILOT BP-1RT BALL PEN BLUE     6.00 SR
        KUAT HARIMAU BLEACH LEMON 900ML
        2 x 5.51 (Disc: 1.53)                      9.49 SR
        Total Sales (Inclusive GST)               21.39
        CASH                                      50.00
        CHANGE                                    28.61
        """)
        #expect(payload.lineItems.map(\.description) == ["FABER-CASTELL 2B PENCIL 12S", "PILOT BP-1RT BALL PEN BLUE",
                                                          "KUAT HARIMAU BLEACH LEMON 900ML"])
        #expect(payload.lineItems.map(\.quantity) == ["1", "4", "2"])
        #expect(payload.lineItems.map(\.total) == ["5.90", "6.00", "9.49"])
    }

    /// Faint quantity rows: a total without its point that is the count times the price ("2 X 7.50   1500"),
    /// and an l read for a 1 in the code and the price ("49012345l2348 2 X l.90").
    @Test func fadedQuantityRowsStillPriceTheNameAbove() {
        let payload = ReceiptParser().parse(ocrText: """
        MR. D.I.Y. (M) SDN BHD
        STORAGE BOX 12L W/LID
        9555087621340   2 X 7.50       1500 SR
        SUPER GLUE 3G
        49012345l2348 2 X l.90 3.80 SR
        Total Incl. GST                      18.80
        """)
        #expect(payload.lineItems.map(\.description) == ["STORAGE BOX 12L W/LID", "SUPER GLUE 3G"])
        #expect(payload.lineItems.map(\.total) == ["15.00", "3.80"])
        #expect(payload.lineItems.map(\.quantity) == ["2", "2"])
    }
}
