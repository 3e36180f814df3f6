import Foundation

/// Puts a receipt's rows back together when its OCR gave each column of a row a line of its own
/// ("GG MILK 1GAL" / "NF" / "$3.49"), as block-based OCR services (Textract, cloud vision
/// APIs) and some PDF text layers do: a price is then never on its name's line, and every rule
/// that reads a row (items, totals beside their label, VAT tables) would see only halves.
///
/// Such text is recognised by its lines, not its source: more lines that hold nothing but an
/// amount than rows that end in one, and at least `minimumCells` of them. A printed receipt read
/// row by row has a few lone amounts at most (a price OCR split off); its lines are left alone.
enum ColumnCellJoiner {
    static let minimumCells = 4

    /// `lines` with each amount cell (with its tax flag) joined to the row it ends, a flag
    /// alone on its line joined to the line before, and an article number alone on its line
    /// joined to its name, and a header's column names joined into one row. Lines come back unchanged when the text is read by rows.
    static func rows(_ lines: [String]) -> [String] {
        let isCell = lines.map(isAmountCell)
        let cells = isCell.filter { $0 }.count
        guard cells >= minimumCells else { return lines }
        let rowsEndingInAmounts = zip(lines, isCell).filter { line, cell in
            !cell && endsInAmount.isMatched(by: line) && hasWord.isMatched(by: line)
        }.count
        guard cells > rowsEndingInAmounts else { return lines }

        var rows: [String] = []
        // Whether the row took an amount cell: the cells of one row (net, tax, gross) follow each other.
        var tookCell: [Bool] = []
        let isName = { (text: String) in hasWord.isMatched(by: text) && !endsInAmount.isMatched(by: text) }
        for (index, (line, cell)) in zip(lines, isCell).enumerated() {
            if let last = rows.indices.last {
                let row = rows[last]
                if cell, tookCell[last] || !isAmountCell(row) && (!endsInAmount.isMatched(by: row) || endsInQuantity.isMatched(by: row)) {
                    rows[last] = row + "   " + line
                    tookCell[last] = true
                    continue
                }
                // A tax flag after its row's price ("1,99" / "A"), or a flag or count between a name and its one
                // price ("GG MILK" / "NF" / "$3.49", "PAINTERS TAPE" / "2" / "13.98"). A VAT row's code is followed
                // by its rate and amounts ("Brutto" / "B" / "19,00" / "2,34"): it starts a row.
                let cellFollows = index + 1 < lines.count && isCell[index + 1]
                let onePriceFollows = cellFollows && !(index + 2 < lines.count && isCell[index + 2])
                if flagCell.isMatched(by: line) && (tookCell[last] ? !cellFollows : onePriceFollows && isName(row))
                    || countCell.isMatched(by: line) && isName(row) && onePriceFollows {
                    rows[last] = row + "  " + line
                    continue
                }
                // An article number before its name ("071234567" / "GG MILK 1GAL"), or after it when no
                // name follows ("GV BREAD" / "062891503312" / "1.97 D"; "GROCERY" / "071234567" / "GG MILK" is the former).
                // Only among the items, with a price within a few lines: a number over the shop's name is no article's.
                let nameFollows = index + 1 < lines.count && isName(lines[index + 1])
                let priceSoon = isCell[index..<min(index + 4, lines.count)].contains(true)
                if priceSoon, articleNumber.isMatched(by: row) && isName(line)
                    || articleNumber.isMatched(by: line) && !nameFollows && isName(row) && !articleNumber.isMatched(by: row) && !tookCell[last] {
                    rows[last] = row + "   " + line
                    continue
                }
                // The table's column names ("DESCRIPCION" / "IMPORTE") are its header row.
                if !(row + line).contains(where: \.isNumber), LineItemExtractor.isColumnHeader(row), LineItemExtractor.isColumnHeader(line) {
                    rows[last] = row + "   " + line
                    continue
                }
            }
            rows.append(line)
            tookCell.append(false)
        }
        return rows
    }

    /// An amount with at most its currency and a tax flag: short, so longer lines skip the expression.
    private static func isAmountCell(_ line: String) -> Bool {
        line.utf8.count <= 24 && amountCell.isMatched(by: line)
    }

    private static let amount = #"[-–]?\s*(?:[$€£]|EUR|CAD|USD|RM|CHF|KR)?\s*-?\d{1,3}(?:[ .]\d{3})*[.,]\d{2}\s*-?"#
    /// After the amount: a tax class ("A", "NF", "*", "B*", "*C") or a VAT code in digits ("19").
    private static let flag = #"(?:\*?[A-Z]{1,2}\*?|\*{1,2}|\d{1,2})"#
    private static let amountCell = Pattern("^" + amount + #"\s*"# + flag + #"?$"#, caseInsensitive: false, needsOneOf: Pattern.digits)
    private static let endsInAmount = Pattern(amount + #"\s*"# + flag + #"?$"#, caseInsensitive: false, needsOneOf: Pattern.digits)
    /// A count and a unit price whose row total is the next cell ("2 @ $1.99" / "$3.98").
    private static let endsInQuantity = Pattern(#"\d\s*(?:\p{L}{1,4}\.?\s*)?[xX@×*]\s*[$€£]?\s*\d+[.,]\d{2,3}$"#, needsOneOf: ".,", digitRun: 2)
    private static let flagCell = Pattern(#"^(?:\*?[A-Z]{1,2}\*?|\*{1,2})$"#, caseInsensitive: false)
    private static let countCell = Pattern(#"^\d{1,3}$"#, needsOneOf: Pattern.digits)
    private static let articleNumber = Pattern(#"^\d{5,14}(?:\s+[A-Z]{1,2})?$"#, needsOneOf: Pattern.digits, digitRun: 5)
    private static let hasWord = Pattern(#"\p{L}{2}"#)
}
