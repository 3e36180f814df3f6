import Foundation
import Testing
@testable import PlutaryCore

/// Receipts in currencies without a minor unit, and East Asian receipts: their amounts print no
/// decimals, and their summary words, dates and tax lines are their own.
@Suite("Whole-unit currencies and East Asian receipts")
struct WholeUnitReceiptTests {
    @Test func aJapaneseReceiptWithItsTaxInsideThePrices() {
        // Reduced-rate goods carry a mark after the price ("※", "軽"); the two tax lines name no rate.
        let payload = ReceiptParser().parse(ocrText: """
        ミニストップ
        神戸三宮店
        2024年 6月 9日(日) 18:20
        レジ#1  責No.112
        鮭おにぎり                 ¥160※
        メロンパン                 ¥140軽
        カフェラテ M               ¥230軽
        乾電池 単4 4本             ¥498
        ボールペン                 ¥132

        合　計                    ¥1,160
        (10%対象                   ¥630)
        (内消費税等                 ¥57)
        (8%対象                    ¥530)
        (内消費税等                 ¥39)
        お預り                    ¥2,000
        お　釣                      ¥840
        """)
        #expect(payload.totalAmount == "1160")
        #expect(payload.currency == "JPY")
        #expect(payload.purchaseDate == "2024-06-09")
        #expect(payload.taxAmount == "96")
        #expect(payload.lineItems.map(\.total) == ["160", "140", "230", "498", "132"])
        #expect(payload.paymentMethod == "Cash")
    }

    @Test func aJapaneseReceiptWithItsTaxAddedToTheSubtotal() {
        // "外税 8%対象額" is the amount the rate applies to; "外税 8%" the tax added.
        let payload = ReceiptParser().parse(ocrText: """
        スーパーマルヤ 浦和店
        2023年11月 2日(木) 10:05
        牛乳 1000ml                 ¥198
        食パン                      ¥158
        台所用洗剤                  ¥218
        小　計                      ¥574
        (外税 8%対象額              ¥356)
        外税 8%                      ¥28
        (外税10%対象額              ¥218)
        外税10%                      ¥21
        合　計                      ¥623
        お預り                    ¥1,000
        お　釣                      ¥377
        """)
        #expect(payload.totalAmount == "623")
        #expect(payload.subtotalAmount == "574")
        #expect(payload.taxAmount == "49")
        #expect(payload.purchaseDate == "2023-11-02")
    }

    @Test func pesosGroupTheirThousandsWithPoints() {
        // "$ 14.380" is fourteen thousand pesos: a dollar amount would print two decimals. The document's
        // and the till's numbers end their lines too, and are no amounts.
        let payload = ReceiptParser().parse(ocrText: """
        SUPERMERCADO EL SOL
        RUT: 77.412.560-1
        BOLETA ELECTRONICA Nº 1188227
        FECHA: 02/03/2024  HORA: 11:40
        LOCAL 0087  CAJA 14
        LECHE ENTERA 1L                    1.090
        PAN AMASADO
          0,620 KG X 2.500                 1.550
        CAFE MOLIDO 250G                   4.990
        DETERGENTE 3L                      6.750
        TOTAL                           $ 14.380
        EFECTIVO                        $ 20.000
        VUELTO                           $ 5.620
        """)
        #expect(payload.totalAmount == "14380.00")
        #expect(payload.lineItems.map(\.total) == ["1090.00", "1550.00", "4990.00", "6750.00"])
        #expect(payload.purchaseDate == "2024-03-02")
    }

    @Test func aDocumentNumberAfterNDotIsNoAmount() {
        // "N." is "número" as much as "Nº" is: the electronic receipt's number heads the articles.
        let payload = ReceiptParser().parse(ocrText: """
        ESTACION DE SERVICIO
        RUT 99.520.000-7
        BOLETA ELECTRONICA N. 4418823
        Gasolina 95                      $41.763
        Cafe Americano                    $2.490
        TOTAL                            $44.253
        """)
        #expect(payload.lineItems.map(\.total) == ["41763.00", "2490.00"])
        #expect(payload.totalAmount == "44253.00")
    }

    @Test func aCountsUnitPriceInPesosPricesTheNameAbove() {
        // "3 X 4.350" is three at 4 350 pesos; the prices hold their IVA, so items making the total is no mismatch.
        let payload = ReceiptParser().parse(ocrText: """
        ALMACENES EXITO S.A.
        NIT 890.900.608-9
        Fecha: 14/05/2024  Hora: 12:18
        118227 ARROZ DIANA 5 KG           21.900 E
        204471 LECHE ALQUERIA 1.1L
           3 X 4.350                      13.050 E
        772041 BOLSA REUTILIZABLE            350 A
        TOTAL A PAGAR                     $ 35.300
        TARJETA DEBITO                    $ 35.300
        TOTAL IVA                          1.048
        """)
        #expect(payload.lineItems.map { "\($0.quantity) \($0.unitPrice ?? "-") \($0.total)" }
                == ["1 - 21900.00", "3 4350.00 13050.00", "1 - 350.00"])
        #expect(payload.totalAmount == "35300.00")
        #expect(payload.taxAmount == "1048.00")
        #expect(payload.warnings.isEmpty)
    }

    @Test func aTaiwaneseInvoiceInWholeDollars() {
        let payload = ReceiptParser().parse(ocrText: """
        美廉社 中山門市
        電子發票證明聯
        2024-05-20 09:12:44
        品名            數量  單價   金額
        鮮乳936ml        1    92     92 TX
        吐司             2    45     90 TX
        衛生紙12捲       1   199    199 TX
        總計                          $381
        現金                          $500
        找零                          $119
        """)
        #expect(payload.totalAmount == "381.00")
        #expect(payload.lineItems.map(\.total) == ["92.00", "90.00", "199.00"])
        #expect(payload.paymentMethod == "Cash")
    }

    /// Hong Kong prints cents beside the same word for the total: its amounts are read as printed.
    @Test func aHongKongReceiptKeepsItsCents() {
        let payload = ReceiptParser().parse(ocrText: """
        百佳超級市場
        2023-09-23 16:40
        維他奶 250ml x6            $23.90
        出前一丁麵 5包             $19.50
        嘉頓麵包                   $15.80
        總計                       $59.20
        八達通                     $59.20
        """)
        #expect(payload.totalAmount == "59.20")
        #expect(payload.lineItems.map(\.total) == ["23.90", "19.50", "15.80"])
    }

    @Test func aTotalInTheInvoicesHeaderEndsNoItems() {
        // Taiwan's e-invoice prints its total above the articles, and again under them.
        let payload = ReceiptParser().parse(ocrText: """
        全聯 Corner Mart
        電子發票證明聯
        2024-07-09 12:30:11
        隨機碼 4471   總計 $187
        統一肉燥麵 5入                       $99
        光泉 鮮乳 936ml                    $88
        合計                            $187
        現金                            $200
        """)
        #expect(payload.totalAmount == "187.00")
        #expect(payload.lineItems.map(\.total) == ["99.00", "88.00"])
    }

    @Test func aJapaneseTaxLineMayNameTheAmountItIsOn() {
        // "(10%対象 ¥1,406  内消費税等 ¥127)": the base, then the tax in it, on one line.
        let payload = ReceiptParser().parse(ocrText: """
        ドラッグストア 新宿店
        2024年11月 3日(日) 20:14
        ※カップヌードル                ¥198
        ティッシュ 5箱                ¥328
        合計                  ¥526
        (10%対象 ¥328  内消費税等 ¥29)
        (8%対象 ¥198  内消費税等 ¥14)
        お預り                ¥1,000
        """)
        #expect(payload.taxes.map(\.amount) == ["29", "14"])
        #expect(payload.taxAmount == "43")
    }

    @Test func hungarianVATClassesAfterWholeForintPrices() {
        // Hungarian tills print the VAT class with two digits ("459 A00"); the bottle deposit (2024) is no article.
        let payload = ReceiptParser().parse(ocrText: """
        CBA Príma
        TEJ 2,8% 1L        459 A00
        PICK SZALÁMI 100G   1390 C00
        ÜVEGVISSZAVÁLTÁSI DÍJ       50 E00
        ÖSSZESEN:         1899 Ft
        """)
        #expect(payload.lineItems.map(\.total) == ["459.00", "1390.00", "50.00"])
        #expect(payload.lineItems.last?.category == "deposit")
        #expect(payload.totalAmount == "1899.00")
    }
}
