import Foundation
import Testing
@testable import PlutaryCore

/// Text from OCR that gives each column of a row a line of its own (Textract's lines, cloud vision
/// blocks) parses like the same receipt read row by row.
@Suite("Column cells joined into rows")
struct ColumnCellJoinerTests {
    /// The receipt as block OCR gives it: every run of three spaces or more (a column gap) a line break.
    private static func cells(_ rows: String) -> String {
        rows.split(separator: "\n").flatMap { row in
            row.split(separator: "   ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
        }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static let german = """
        NETTO Marken-Discount
        Hauptstr. 12
        12345 Musterstadt
        Bezeichnung                 EUR
        BIO VOLLMILCH 3,8%         1,19 A
        ROGGENBROT 500G            1,89 A
        PFAND                      0,25*A
        MINERALWASSER 1,5L         0,49 B
        SPUELMITTEL                2,29 B
        2 x 0,79
        JOGHURT NATUR              1,58 A
        Summe                     7,69
        Bar                      10,00
        Rueckgeld                 2,31
        MwSt     %     Netto   MwSt   Brutto
        A      7,00    4,59    0,32    4,91
        B     19,00    2,34    0,44    2,78
        12.05.2024   14:31
        """

    private static let american = """
        TARGET
        Minneapolis North - 612-555-0100
        11/22/2026 03:45 PM
        GROCERY
          071234567   GG MILK 1GAL     NF   $3.49
          071234568   CHEERIOS         NF   $4.29
        HOUSEHOLD
          081234567   UP&UP TOWELS     T    $12.99
        PAINTERS TAPE 48MM             2   $13.98
        SUBTOTAL                           $34.75
        T = MN TAX 6.875%                   $1.85
        TOTAL                              $36.60
        VISA CHARGE                        $36.60
        """

    private static let walmart = """
        Walmart
        ST# 03116 OP# 009022 TE# 22 TR# 04218
        GV 2% MILK 4L   062891520127   4.97 D
        GV WHT BREAD    062891503312   1.97 D
        CHEERIOS 430G   065633074219   3.97 D
        SUBTOTAL   10.91
        TOTAL   10.91
        DEBIT TEND   10.91
        """

    @Test(arguments: [german, american, walmart])
    func blockOCRTextParsesLikeTheRowsItCameFrom(rows: String) {
        let parser = ReceiptParser()
        let fromRows = parser.parse(ocrText: rows)
        let fromCells = parser.parse(ocrText: Self.cells(rows))
        #expect(Self.cells(rows).split(separator: "\n").count > rows.split(separator: "\n").count + 5)
        #expect(fromCells.lineItems.map(\.description) == fromRows.lineItems.map(\.description))
        #expect(fromCells.lineItems.map(\.total) == fromRows.lineItems.map(\.total))
        #expect(fromCells.totalAmount == fromRows.totalAmount)
        #expect(fromCells.taxAmount == fromRows.taxAmount)
        #expect(fromCells.merchantName == fromRows.merchantName)
    }

    @Test func blockOCRTextKeepsEveryPrice() {
        let parsed = ReceiptParser().parse(ocrText: Self.cells(Self.german))
        #expect(parsed.lineItems.map(\.total) == ["1.19", "1.89", "0.25", "0.49", "2.29", "1.58"])
        #expect(parsed.totalAmount == "7.69")
        #expect(parsed.taxAmount == "0.76")
        let target = ReceiptParser().parse(ocrText: Self.cells(Self.american))
        #expect(target.lineItems.map(\.description).prefix(3) == ["GG MILK 1GAL", "CHEERIOS", "UP&UP TOWELS"])
        #expect(target.lineItems.map(\.total) == ["3.49", "4.29", "12.99", "13.98"])
        #expect(target.totalAmount == "36.60")
    }

    @Test func cellsOfOneRowBecomeThatRow() {
        let lines = ["SPUELMITTEL", "2,29 B", "PFAND", "0,25*A", "GG MILK 1GAL", "NF", "$3.49", "MwSt", "B", "19,00",
                     "2,34", "0,44", "2,78", "SKU", "DESCRIPTION", "AMOUNT", "PAINTERS TAPE", "2", "13.98"]
        #expect(ColumnCellJoiner.rows(lines) == ["SPUELMITTEL   2,29 B", "PFAND   0,25*A", "GG MILK 1GAL  NF   $3.49",
                                                 "MwSt", "B   19,00   2,34   0,44   2,78", "SKU   DESCRIPTION   AMOUNT",
                                                 "PAINTERS TAPE  2   13.98"])
    }

    @Test func textReadRowByRowIsLeftAlone() {
        // Lone prices that OCR split off a few rows do not make a text block OCR.
        let lines = ["LIDL", "BANANEN   1,29 A", "MILCH", "0,99 A", "BROT", "1,49 A", "KAESE   2,49 A", "WURST   1,99 A",
                     "BUTTER", "1,79 A", "QUARK", "0,69 A", "EIER   2,19 A", "SUMME   12,92"]
        #expect(ColumnCellJoiner.rows(lines) == lines)
    }

    @Test func aNumberOverTheShopsNameStaysOnItsLine() {
        // A store or file number printed above the name is no article number: no price follows it.
        let lines = ["31803040", "MR. D.I.Y. (M) SDN BHD", "(CO.REG :860671-D)", "LOT 1851-A, JALAN KPB 6", "KAWASAN PERINDUSTRIAN",
                     "STUDENT SOCKS", "*S", "8.50", "TAPE", "2.50", "GLUE", "3.90", "TOTAL", "14.90"]
        let rows = ColumnCellJoiner.rows(lines)
        #expect(rows.prefix(2) == ["31803040", "MR. D.I.Y. (M) SDN BHD"])
        #expect(rows.contains("STUDENT SOCKS  *S   8.50"))
        #expect(rows.last == "TOTAL   14.90")
    }

    @Test func aVATCodeIsNoCountColumn() {
        let lines = ["Netto", "MwSt", "Brutto", "1", "19,00", "2,93", "0,56", "3,49", "2", "7,00", "3,16", "0,22", "3,38"]
        let rows = ColumnCellJoiner.rows(lines)
        #expect(!rows.contains { $0.hasPrefix("Brutto  1") })
    }
}
