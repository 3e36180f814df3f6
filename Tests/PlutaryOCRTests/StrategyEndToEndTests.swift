import CTesseract
import Foundation
import PlutaryCore
import PlutaryOCR
import Testing

/// Each strategy end to end: a receipt rendered from known truth (monospace receipt font,
/// slight rotation, blur and noise, saved as JPEG) goes through the whole local pipeline
/// (load, preprocess, OCR, parse) and the receipt comes out with that truth.
@Suite(.serialized) struct StrategyEndToEndTests {
    private func scan(_ lines: [String], languages: [String] = ["eng"], font: String = "DejaVu Sans Mono 15",
                      degrees: Double = 1.5) throws -> ReceiptPayload {
        let folder = try ReceiptImageFactory.makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pix: UnsafeMutablePointer<PIX>? = ReceiptImageFactory.render(lines: lines, font: font, degrees: degrees, width: 480)
        defer { pixDestroy(&pix) }
        let url = folder.appendingPathComponent("receipt.jpg")
        try ReceiptImageFactory.encode(pix!, jpeg: true).write(to: url)
        let pipeline = languages == ["eng"] ? TestPipelines.english : try OCRPipeline(options: OCROptions(languages: languages), engines: 1)
        return try ReceiptScanner(pipeline: pipeline).scan(fileAt: url).payload
    }

    @Test func costco() throws {
        let payload = try scan([
            "      COSTCO WHOLESALE",
            "   Ottawa Merivale #542",
            "    03/15/2024 14:32",
            "",
            "E 1234567 KIRKLAND EGGS  7.99 Y",
            "E 2345678 ORGANIC MILK   5.49 Y",
            "  3456789 PAPER TOWELS  17.99 A",
            "  TPD/3456789            3.00-",
            "  4567890 BATTERIES     19.99 A",
            "",
            "  SUBTOTAL              48.46",
            "  TAX                    4.67",
            "  **** TOTAL            53.13",
            "  VISA                  53.13",
        ])
        #expect(payload.merchantName == "Costco Wholesale")
        #expect(payload.purchaseDate == "2024-03-15")
        #expect(payload.totalAmount == "53.13")
        #expect(payload.subtotalAmount == "48.46")
        #expect(payload.lineItems.count == 4)
        let towels = try #require(payload.lineItems.first { $0.description.contains("PAPER TOWELS") })
        #expect(towels.total == "14.99" && towels.discount == "3.00")
    }

    @Test func walmart() throws {
        let payload = try scan([
            "         Walmart",
            "  Save money. Live better.",
            "   ST# 3120 OP# 00004 TE# 14",
            "GREAT VALUE 062891524331   4.97 J",
            "BANANAS     000000004011   1.54 D",
            "DISH SOAP   003700087654   3.47 J",
            "          SUBTOTAL         9.98",
            "     HST 13.0000 %         1.10",
            "             TOTAL        11.08",
            "         DEBIT TEND       11.08",
            "      02/14/24   10:05:31",
        ])
        #expect(payload.merchantName == "Walmart")
        #expect(payload.purchaseDate == "2024-02-14")
        #expect(payload.totalAmount == "11.08")
        #expect(payload.lineItems.map(\.taxCode) == ["HST", "ZERO", "HST"])
        #expect(payload.lineItems.first?.description == "GREAT VALUE")
    }

    @Test func tntWithChineseAndEnglishNames() throws {
        try #require(OCRLanguages.installed().contains("chi_sim"))
        let payload = try scan([
            "T&T SUPERMARKET 大统华",
            "2024-01-20 16:45",
            "白菜 BOK CHOY          $3.49",
            "豆腐 TOFU              $2.29",
            "苹果 FUJI APPLE        $5.99",
            "SUBTOTAL              $11.77",
            "TOTAL                 $11.77",
        ], languages: ["eng", "chi_sim"], font: "Noto Sans Mono CJK SC 15", degrees: 1)
        #expect(payload.merchantName == "T&T Supermarket")
        #expect(payload.purchaseDate == "2024-01-20")
        #expect(payload.totalAmount == "11.77")
        #expect(payload.lineItems.count == 3)
        // The mixed name is kept whole, Chinese and English together.
        let first = try #require(payload.lineItems.first).description
        #expect(first.contains("BOK CHOY") && first.contains("白菜"), "\(first)")
    }

    @Test func noFrillsWithMultiBuySavings() throws {
        let payload = try scan([
            "          NO FRILLS",
            "     JOE'S NO FRILLS #3125",
            "  06/30/2024 11:12",
            "PC BLK BEANS       HMRJ   1.29",
            "NN PASTA               2.00",
            "MULTI BUY SAVINGS      0.50-",
            "ORANGES",
            "  3 @ 2/$3.00          4.50",
            "SUBTOTAL               7.29",
            "H=HST 13%              0.17",
            "TOTAL                  7.46",
        ])
        #expect(payload.merchantName == "No Frills")
        #expect(payload.purchaseDate == "2024-06-30")
        #expect(payload.totalAmount == "7.46")
        #expect(payload.lineItems.count == 3)
        let pasta = try #require(payload.lineItems.first { $0.description.contains("PASTA") })
        #expect(pasta.total == "1.50" && pasta.discount == "0.50")
    }

    @Test func germanCommaDecimalsThroughTheGenericStrategy() throws {
        try #require(OCRLanguages.installed().contains("deu"))
        let payload = try scan([
            "      Bäckerei Sonnenschein",
            "     Hauptstraße 12, Bonn",
            "EUR",
            "Vollkornbrot            3,49 A",
            "Butterbrezel            1,20 A",
            "Kaffee groß             2,80 B",
            "Apfelschorle 0,5l       1,95 B",
            "SUMME EUR               9,44",
            "Bar                    10,00",
            "Rückgeld                0,56",
            "A 7%   4,38  0,31  4,69",
            "B 19%  3,99  0,76  4,75",
            "12.03.2024  08:15",
        ], languages: ["deu"])
        #expect(payload.merchantName == "Bäckerei Sonnenschein")
        #expect(payload.purchaseDate == "2024-03-12")
        #expect(payload.currency == "EUR")
        #expect(payload.totalAmount == "9.44")
        #expect(payload.lineItems.count == 4)
    }
}
