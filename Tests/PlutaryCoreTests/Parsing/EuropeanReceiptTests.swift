import Foundation
import Testing
@testable import PlutaryCore

/// Receipts from across Europe, each in its own language: the summary words (total, cash,
/// change, card, VAT) are read in all of them, accents or not, and the currency follows.
@Suite("European receipts in their own languages")
struct EuropeanReceiptTests {
    /// Parses `text` and checks what every receipt here prints: its total, currency and tender.
    @discardableResult
    private func read(_ text: String, total: String, currency: String, payment: String,
                      sourceLocation: SourceLocation = #_sourceLocation) -> ReceiptPayload {
        let payload = ReceiptParser().parse(ocrText: text)
        #expect(payload.totalAmount == total, sourceLocation: sourceLocation)
        #expect(payload.currency == currency, sourceLocation: sourceLocation)
        #expect(payload.paymentMethod == payment, sourceLocation: sourceLocation)
        return payload
    }

    @Test func polandsSalesPerVATGroupAreNoArticles() {
        let payload = read("""
              SKLEP SPOZYWCZY
            PARAGON FISKALNY
        Chleb wiejski 500g         1 x4,99 4,99C
        Pepsi 2,25l                1 x6,99 6,99A
        Sprzed. opod. PTU A                 6,99
        Sprzed. opod. PTU C                 4,99
        Kwota PTU A 23,00 %                 1,31
        Kwota PTU C 5,00 %                  0,24
        Suma PTU                            1,55
        SUMA PLN                           11,98
        Karta płatnicza                    11,98
        """, total: "11.98", currency: "PLN", payment: "Card")
        #expect(payload.lineItems.map(\.description) == ["Chleb wiejski 500g", "Pepsi 2,25l"])
    }

    @Test func spanishCashPaymentWithChange() {
        let text = """
        CONSUM S. COOP. V.
        CIF: F46078986
        C/ Mayor 12, Valencia
        14/03/2024 18:22
        LECHE ENTERA 1L          0,89
        PAN DE MOLDE             1,45
        ACEITE OLIVA 1L          8,95
        TOTAL COMPRA            11,29
        EFECTIVO                20,00
        CAMBIO                   8,71
        BASE IMPONIBLE  IVA 10%  IMPORTE
        10,26           1,03     11,29
        """
        let payload = read(text, total: "11.29", currency: "EUR", payment: "Cash")
        #expect(payload.purchaseDate == "2024-03-14")
        #expect(payload.lineItems.count == 3)
        #expect(payload.merchantName == "Consum")
    }

    @Test func frenchTotalBeforeAndAfterTaxPaidInCash() {
        let text = """
        MONOPRIX
        SIRET 552 018 020 00012
        12/05/2024 10:41
        BAGUETTE                 1,10
        CAMEMBERT                2,35
        TOTAL HT                 3,26
        TVA 5,5%                 0,19
        TOTAL TTC                3,45
        ESPÈCES                  5,00
        RENDU MONNAIE            1,55
        """
        let payload = read(text, total: "3.45", currency: "EUR", payment: "Cash")
        #expect(payload.subtotalAmount == "3.26")
    }

    @Test func italianTotalWithTheCardAndVATIncluded() {
        let text = """
        ESSELUNGA S.P.A.
        P.IVA 04916380159
        MOZZARELLA               1,99
        POMODORI                 2,49
        TOTALE COMPLESSIVO       4,48
        DI CUI IVA               0,41
        PAGAMENTO CARTA          4,48
        20-06-2024 19:03
        """
        let payload = read(text, total: "4.48", currency: "EUR", payment: "Card")
        #expect(payload.purchaseDate == "2024-06-20")
    }

    @Test func italianItemsKeepTheirPricesWithTheVATRateAfterThem() {
        let text = """
        CONAD SUPERSTORE
        P.IVA 01234567890
        DESCRIZIONE            IVA    PREZZO(€)
        LATTE INTERO 1L                1,29  4%
        PANE CASERECCIO                2,10  4%
        DETERSIVO PIATTI               3,49 22%
        BISCOTTI                       1,99 10%
        TOTALE COMPLESSIVO             8,87
        DI CUI IVA                     0,91
        PAGAMENTO CONTANTE            10,00
        RESTO                          1,13
        12-03-2024 18:22
        """
        let payload = read(text, total: "8.87", currency: "EUR", payment: "Cash")
        #expect(payload.lineItems.map(\.total) == ["1.29", "2.10", "3.49", "1.99"])
        #expect(payload.lineItems.first?.description == "LATTE INTERO 1L")
    }

    @Test func dutchTotalPaidByPin() {
        let text = """
        Albert Heijn
        KAAS JONG BELEGEN        4,79
        APPELS                   2,19
        TOTAAL                   6,98
        PIN                      6,98
        BTW 9%       6,40        0,58
        03-02-2024 12:14
        """
        read(text, total: "6.98", currency: "EUR", payment: "Debit")
    }

    @Test func hungarianForintsAreWholeUnits() {
        let text = """
        SPAR Magyarország Kft.
        1119 Budapest, Fehérvári út 12.
        NYUGTA
        TEJ 2,8% 1L                  389 A
        PICK SZALÁMI               1 949 C
        BANÁN                        712 C
          1,235 kg x 577 Ft/kg
        ÖSSZESEN:                  3 050 Ft
        KÉSZPÉNZ                   5 000 Ft
        VISSZAJÁRÓ                 1 950 Ft
        C 27%  ÁFA alap 2 061  ÁFA 557
        2024.03.15. 17:42   NY.SZ.: 0412/00881
        """
        let payload = read(text, total: "3050.00", currency: "HUF", payment: "Cash")
        #expect(payload.lineItems.map(\.total) == ["389.00", "1949.00", "712.00"])
        #expect(payload.taxAmount == "557.00")
        #expect(payload.purchaseDate == "2024-03-15")
    }

    /// Its foot ("50 FT") looks like a forint, and three lines end in whole numbers; its cents say it is no forint receipt.
    @Test func aFootInADollarReceiptLeavesItsCentsAlone() {
        let text = """
        HOME DEPOT
        STORE 4512
        GARDEN HOSE 50 FT            24.98
        DRIP EDGE 10 FT               8.47
        SUBTOTAL                     33.45
        SALES TAX                     2.76
        TOTAL                       $36.21
        CASH                         40.00
        CHANGE                        3.79
        ITEMS SOLD 2
        TRANS 1187
        """
        let payload = read(text, total: "36.21", currency: "USD", payment: "Cash")
        #expect(payload.lineItems.map(\.total) == ["24.98", "8.47"])
    }

    @Test func polishSumInZlotyPaidInCashWithChange() {
        let text = """
        BIEDRONKA
        NIP 779-10-11-327
        CHLEB                    3,49 C
        MASLO                    7,99 C
        SPRZEDAZ OPODATK. C     11,48
        PTU C 5%                 0,55
        SUMA PLN                11,48
        GOTÓWKA                 20,00
        RESZTA                   8,52
        2024-04-02 17:55
        """
        read(text, total: "11.48", currency: "PLN", payment: "Cash")
    }

    @Test func wordsThatBeginLikeAEuropeanWordAreNoEuroCue() {
        // "IVANA" is a name, not VAT; "RESTORAN" is no change ("RESTO"); "SUB-TOTAL (EX)" run
        // together does not say "TOTALE".
        for text in ["IVANA'S DINER\nTOTAL 12.00", "RESTORAN MAJU\nTOTAL 12.00", "SUB-TOTAL (EX)   12,00\nTOTAL 12.00"] {
            #expect(!CurrencyDetector.candidates(in: ReceiptText(text), merchant: nil, hints: ParseHints()).contains { $0.value == "EUR" },
                    "\(text)")
        }
    }

    @Test func aChainWhoseNameLineHoldsItsTaxNumberIsNamed() {
        // "A-46103834" made the line more digits than a name; the chain's name decides.
        let text = """
        MERCADONA, S.A. A-46103834
        C/ MAYOR 12
        46001 VALENCIA
        15/03/2023 18:42  OP: 123456
        LECHE ENTERA                  1,02
        TOTAL (€)                     1,02
        TARJETA BANCARIA              1,02
        """
        let payload = read(text, total: "1.02", currency: "EUR", payment: "Card")
        #expect(payload.merchantName == "Mercadona")
    }

    @Test func aNameOneLetterFromAProvinceIsAName() {
        // "ALBERT" is "ALBERTA" less a letter, yet no province; the street below is no name either.
        let text = """
        Albert Bakkerij
        Kerkstraat 3
        1234 AB Utrecht
        BRUIN BROOD                   2,95
        TOTAAL                        2,95
        PINNEN                        2,95
        """
        let payload = read(text, total: "2.95", currency: "EUR", payment: "Debit")
        #expect(payload.merchantName == "Albert Bakkerij")
    }

    @Test func aStreetWrittenAsOneWordIsNoName() {
        // Dutch and German streets end in their kind ("Dorpsstraat", "Hauptstraße"); with its number
        // such a line is the address even where no logo was read above it.
        for street in ["Dorpsstraat 1", "Hauptstraße 5", "Lindenallee 12"] {
            let payload = ReceiptParser().parse(ocrText: "\(street)\nBROT    2,50\nSUMME   2,50\n")
            #expect(payload.merchantName != street, "\(street)")
        }
    }

    @Test func aVATTableWhoseRowsStartWithTheRateGivesTheTax() {
        // "IVA  BASE IMPONIBLE  CUOTA" heads the table: "BASE IMPONIBLE" there names a column, and the
        // row below is no subtotal of 0,15 but the tax, 4 % of 3,73.
        let text = """
        MERCADONA, S.A. A-46103834
        15/03/2023 18:42
        LECHE ENTERA                  1,02
        2 PAN BARRA          0,45     0,90
        PLATANO                       1,96
        TOTAL (€)                     3,88
        TARJETA BANCARIA              3,88
        IVA   BASE IMPONIBLE (€)  CUOTA (€)
        4%      3,73               0,15
        TOTAL   3,73               0,15
        """
        let payload = read(text, total: "3.88", currency: "EUR", payment: "Card")
        #expect(payload.subtotalAmount == nil)
        #expect(payload.taxAmount == "0.15")
        #expect(payload.taxes.map(\.name) == ["IVA 4%"])
    }

    @Test func czechKorunaWithItsVATInsideThePrices() {
        // "Kč" is the koruna, and as elsewhere in Europe the VAT is inside the items' prices.
        let text = """
        Albert Česká republika, s.r.o.
        Mléko polotučné                      21,90
        Máslo 250g                           59,90
        CELKEM                    Kč         81,80
        Platba kartou                        81,80
        DPH 12%  základ 73,04  daň 8,76
        23.11.2026 10:11
        """
        let payload = read(text, total: "81.80", currency: "CZK", payment: "Card")
        #expect(payload.taxAmount == "8.76")
        #expect(payload.warnings.isEmpty, "\(payload.warnings)")
    }

    @Test func polishTaxableSalesLineEndsTheItems() {
        // "SPRZEDAŻ OPODATK. C" sums the items of VAT class C; it is no item.
        let text = """
        BIEDRONKA
        Chleb żytni        1 x 4,99   4,99C
        Masło 200g         2 x 6,99  13,98C
        SPRZEDAŻ OPODATK. C         18,97
        PTU C 5%                     0,90
        SUMA PLN                    18,97
        Gotówka                     20,00
        Reszta                       1,03
        2026-11-23
        """
        let payload = read(text, total: "18.97", currency: "PLN", payment: "Cash")
        #expect(payload.lineItems.map(\.description) == ["Chleb żytni", "Masło 200g"])
    }

    @Test func aChainsSuperstoreIsThatChain() {
        // Superstores of other chains are not Loblaw's Real Canadian Superstore.
        #expect(ReceiptParser().parse(ocrText: "CONAD SUPERSTORE\nPANE   2,10\nTOTALE COMPLESSIVO   2,10\n").merchantName == "Conad")
        #expect(ReceiptParser().parse(ocrText: "TESCO SUPERSTORE\nBREAD   £1.40\nTOTAL   £1.40\n").merchantName == "Tesco")
        #expect(ReceiptParser().parse(ocrText: "REAL CANADIAN SUPERSTORE\nBREAD   1.40\nTOTAL   1.40\n").merchantName
                == "Real Canadian Superstore")
    }

    @Test func aVATRateWhosePercentSignIsOnlyInTheHeader() {
        // "Moms%" heads the column; 12 % of 110,13 is the row's 13,22, which is also 123,35 less 110,13
        // when OCR garbles the tax column. A bare first number whose arithmetic fails is no rate.
        let text = """
        ICA Supermarket Hornstull
        Kaffe 450g                 69,95
        Bröd Levain                53,40
        Totalt SEK                123,35
        Kort                      123,35
        Moms%   Moms   Netto   Brutto
        12,00   13,22  110,13  123,35
        2026-11-23 10:11
        """
        let payload = read(text, total: "123.35", currency: "SEK", payment: "Card")
        #expect(payload.taxAmount == "13.22")
        let garbled = ReceiptParser().parse(ocrText: text.replacingOccurrences(of: "13,22", with: "18,22"))
        #expect(garbled.taxAmount == "13.22")
        let noRate = ReceiptParser().parse(ocrText: text.replacingOccurrences(of: "12,00   13,22", with: "15,00   18,22"))
        #expect(noRate.taxAmount == nil)
    }

    @Test func norwegianSumEndsTheItemsAndTheChainNamesTheCurrency() {
        // "SUM" is the total, BankAxept the card; Rema 1000 is Norwegian, so "kr" is the krone.
        let text = """
        REMA 1000 GRUNERLOKKA
        Salg       12.10.2024   13:07
        TINE LETTMELK 1L            21,90
        BANAN                       19,26
          0,856 kg x 22,50 kr/kg
        SUM                         41,16
        BANKAXEPT                   41,16
        MVA 15%   Grunnlag  35,79   MVA 5,37
        """
        let payload = read(text, total: "41.16", currency: "NOK", payment: "Debit")
        #expect(payload.merchantName == "Rema 1000")
        #expect(payload.lineItems.map(\.description) == ["TINE LETTMELK 1L", "BANAN"])
        #expect(payload.taxAmount == "5.37")
        let vegetable = ReceiptParser().parse(ocrText: "T&T SUPERMARKET\nCHOY SUM\n  1.20 lb @ $2.49/lb   2.99\nTOTAL   2.99\n")
        #expect(vegetable.lineItems.map(\.description) == ["CHOY SUM"])
    }

    @Test func aVATRateColumnIsNoPartOfTheNames() {
        // Italy prints each row's rate between name and price; a percentage in a name is the product's.
        let payload = ReceiptParser().parse(ocrText: """
        ESSELUNGA S.p.A.
        DESCRIZIONE              IVA     Prezzo(€)
        PASTA BARILLA SPAGH.    10%        1,09
        MOZZARELLA FIOR DI L.    4%        1,99
        LATTE PARZ. SCREMATO 1,5%          1,29
        TOTALE COMPLESSIVO                 4,37
        17-05-2024 12:33
        """)
        #expect(payload.lineItems.map(\.description) == ["PASTA BARILLA SPAGH.", "MOZZARELLA FIOR DI L.", "LATTE PARZ. SCREMATO 1,5%"])
    }

    @Test func aVATTableWithLetterCodesAndBareRates() {
        // "TVA  %" heads the rate column, each row starts with its code: 5,5 % of 3,43 is 0,19.
        let text = """
        LIDL
        LAIT DEMI-ECREME 1L        0,95  A
        PAPIER TOILETTE X12        4,49  B
        A PAYER                    5,44
        CB                         5,44
        TVA    %      HT       TVA      TTC
        A     5,5     0,90     0,05     0,95
        B    20,0     3,74     0,75     4,49
        Total         4,64     0,80     5,44
        12.02.24 17:58
        """
        let payload = read(text, total: "5.44", currency: "EUR", payment: "Card")
        #expect(payload.taxAmount == "0.80")
        #expect(payload.taxes.map(\.name) == ["TVA A", "TVA B"])
    }

    @Test func vatTablesHeadedInPortugueseAndFinnish() {
        // The headers name their columns in the shop's language; "Total IVA" is the VAT's total, not the purchase's.
        let portuguese = """
        Continente
        PAO DE FORMA              6%    1,39
        VINHO TINTO ALENTEJO     23%    4,99
        TOTAL A PAGAR                   6,38
        MULTIBANCO                      6,38
        Taxa  Incidencia  IVA    Total
         6%      1,31     0,08    1,39
        23%      4,06     0,93    4,99
        Total IVA                  1,01
        """
        #expect(read(portuguese, total: "6.38", currency: "EUR", payment: "Debit").taxAmount == "1.01")
        let finnish = """
        K-Market Kamppi
        VALIO MAITO 1L                   1,29
        KAHVI JUHLA MOKKA 500G           5,49
        YHTEENSA                         6,78
        KORTTI                           6,78
        ALV%     VEROTON     VERO    VEROLLINEN
        14,00      5,95      0,83      6,78
        """
        let payload = read(finnish, total: "6.78", currency: "EUR", payment: "Card")
        #expect(payload.taxAmount == "0.83")
        #expect(payload.taxes.map(\.name) == ["ALV 14%"])
    }

    @Test func theItemTablesImporteColumnIsNoTotal() {
        // "IMPORTE" is Spanish for the amount column and for the total; over the items it is the column's.
        let payload = ReceiptParser().parse(ocrText: """
        Consum
        11/10/2022 19:47   CAJA 04
        DESCRIPCION                 IMPORTE
        6 x 0,89
        LECHE ENTERA CONSUM 1L         5,34
        PAN BARRA                      0,65
        TOTAL COMPRA                   5,99
        """)
        #expect(payload.totalAmount == "5.99")
        #expect(payload.lineItems.map(\.total) == ["5.34", "0.65"])
    }

    @Test func frenchCashRoundingTakesTheTotalToTheAmountDue() {
        // Quebec since the penny: "ARRONDI" is the rounding line, "MONNAIE" the change.
        let payload = ReceiptParser().parse(ocrText: """
        TIM HORTONS #1234
          2 CAFÉ MOYEN 2L2S            3.26
          1 BAGEL SÉSAME               2.39
            SOUS-TOTAL                 5.65
            TPS   5%                   0.28
            TVQ   9.975%               0.56
          TOTAL (À EMPORTER)           6.49
            ARRONDI                    0.01
            TOTAL À PAYER              6.50
            ARGENT COMPTANT           10.00
            MONNAIE                    3.50
        """)
        #expect(payload.totalAmount == "6.50")
    }

    @Test func aNameWhosePriceFollowsOnTheNextLineAfterItsVATRateIsOneItem() {
        let payload = ReceiptParser().parse(ocrText: """
        CONAD CITY
        DESCRIZIONE IVA Prezzo(€)
        CAFFE LAVAZZA ORO 250G 22,00% 3,79
        BISCOTTI MULINO BIANCO
        10,00% 2,49
        OLIO EXTRAVERGINE CONAD 1L 4,00% 8,99
        TOTALE COMPLESSIVO
        15,27
        """)
        // OCR closed the gaps around the rate column; its rates still leave the names.
        #expect(payload.lineItems.map(\.description) == ["CAFFE LAVAZZA ORO 250G", "BISCOTTI MULINO BIANCO", "OLIO EXTRAVERGINE CONAD 1L"])
        #expect(payload.lineItems.map(\.total) == ["3.79", "2.49", "8.99"])
    }

    @Test func aNumberedTVATableGivesTheTax() {
        let payload = ReceiptParser().parse(ocrText: """
        CARREFOUR MARKET
        TOMATES GRAPPE                   13,50
        LESSIVE                          12,48
        TOTAL A PAYER                    25,98 €
        Code  Taux     HT      TVA     TTC
        1     5,50%    12,80   0,70    13,50
        2    20,00%    10,40   2,08    12,48
        """)
        #expect(payload.taxAmount == "2.78")
    }

    @Test func theVATOfWhichTheTotalIsMadeIsNotAddedToItsTable() {
        // "DI CUI IVA" restates the table's sum.
        let payload = ReceiptParser().parse(ocrText: """
        COOP
        LATTE PS COOP 1L          4%       1,29
        CHIANTI DOCG 0,75L        22%      4,99
        TOTALE COMPLESSIVO                 6,28
        DI CUI IVA                         0,95
        ALIQ.    IMPONIBILE    IMPOSTA
        4%          1,24         0,05
        22%         4,09         0,90
        """)
        #expect(payload.taxAmount == "0.95")
    }

    @Test func croatianAndSlovenianTotalsEndTheItems() {
        // UKUPNO ("total"), ZA PLAČILO ("to pay"), KARTICA ("card") and the VAT named PDV and DDV.
        let croatian = read("""
        KONZUM
        Račun br: 4411/0711/3
        MLIJEKO 2,8%          1    1,19    1,19  C
        KRUH POLUBIJELI       1    1,39    1,39  A
        DETERDŽENT            1    8,99    8,99  A
        UKUPNO EUR                        11,57
        Način plaćanja: KARTICA           11,57
        Porez    Stopa    Osnovica    Iznos
        PDV A   25%        8,31       2,07
        PDV C    5%        1,13       0,06
        Ukupno PDV                    2,13
        Datum: 25.02.2023. 18:11
        """, total: "11.57", currency: "EUR", payment: "Card")
        #expect(croatian.lineItems.count == 3)
        #expect(croatian.taxAmount == "2.13")
        let slovenian = read("""
        MERCATOR
        MLEKO 3,5% 1L                     1,39 B
        PRALNI PRAŠEK                     8,99 A
        ZA PLAČILO EUR                   10,38
        GOTOVINA                         20,00
        VRAČILO                           9,62
        DDV   Osnova    DDV     Skupaj
        A   22%    7,37    1,62    8,99
        B  9,5%    1,27    0,12    1,39
        Skupaj DDV        1,74
        02.08.2025 09:12
        """, total: "10.38", currency: "EUR", payment: "Cash")
        #expect(slovenian.lineItems.count == 2)
        #expect(slovenian.taxAmount == "1.74")
    }

    @Test func danishTotalAndNordicDepositsAreRead() {
        // "I ALT" is Danish for "in total"; PANT is the bottle deposit (PANTTI in Finland, VIDANGE in Belgium),
        // while PANTENE is a shampoo.
        let payload = read("""
        NETTO
        RUGBRØD 1KG                        18,00
        CARLSBERG 6-PAK                    54,00
        PANT A                              6,00
        PANTENE SHAMPOO                    29,95
        I ALT                             107,95
        DANKORT                           107,95
        Moms udgør                         21,59
        19.03.2022  11:02
        """, total: "107.95", currency: "DKK", payment: "Debit")
        #expect(payload.lineItems.map(\.description) == ["RUGBRØD 1KG", "CARLSBERG 6-PAK", "PANT A", "PANTENE SHAMPOO"])
        #expect(payload.lineItems.map(\.category) == [nil, nil, "deposit", nil])
    }

    @Test func aTotalWordWithItsCurrencyGluedOnIsTheTotal() {
        // PP-OCR ran Billa's "CELKEM Kč" together; the amount stands on the next line.
        let payload = ReceiptParser().parse(ocrText: """
        BILLA
        Šumava 1200g      44,90B
        Eidam 30% plátky  32,90 B
        CELKEMKč
        77,80
        Platební karta 77,80
        09.11.2024 10:33
        """)
        #expect(payload.totalAmount == "77.80")
        #expect(payload.lineItems.count == 2)
    }
}
