import Foundation
import PropertyBased
import Testing
@testable import PlutaryCore

/// The parser's shortcuts around regular expressions and Foundation give the answers of
/// what they replace: each is checked against the plain version on random text built from
/// the characters that decide it (digits of two scripts, O and o, points, spaces, line breaks).
@Suite("Scanning shortcuts agree with the plain versions")
struct ScanningShortcutTests {
    private static let characters: [String] = ["O", "o", "0", "7", "٣", ".", ",", " ", "\t", "A", "é", "-", ")", "$", "\n", "\r", "\u{2028}", "€"]
    private static let text = Gen<String?>.element(of: characters).map { $0 ?? "" }.array(of: 0...40).map { $0.joined() }

    @Test func repairDigitsReadsOAsZeroWhereTheExpressionDid() async {
        let expression = try! NSRegularExpression(pattern: #"(?<=[\d.,])[Oo]|[Oo](?=[.,]?\d)"#, options: [.caseInsensitive])
        // The expression applied until the line stops changing: an O beside one just read as 0 is read next.
        func plain(_ line: String) -> String {
            let repaired = NSMutableString(string: line)
            for match in expression.matches(in: line, range: NSRange(location: 0, length: repaired.length)) {
                repaired.replaceCharacters(in: match.range, with: "0")
            }
            return repaired as String == line ? line : plain(repaired as String)
        }
        #expect(AmountScanner.repairDigits("1O.5O") == "10.50")
        #expect(AmountScanner.repairDigits("TOTAL O.99") == "TOTAL 0.99")
        #expect(AmountScanner.repairDigits("FOOD") == "FOOD")
        #expect(AmountScanner.repairDigits("22,OO  O,O8") == "22,00  0,08")
        await propertyCheck(count: 400, input: Self.text) { line in
            #expect(AmountScanner.repairDigits(line) == plain(line))
        }
    }

    @Test func aPatternNeedingCharactersSkipsOnlyTextThatCannotMatch() async {
        let digits = Pattern(#"\d+"#, needsOneOf: Pattern.digits)
        let unfiltered = Pattern(#"\d+"#)
        #expect(digits.firstMatch(in: "TOTAL") == nil)
        // Other scripts' digits are \d too: non-ASCII text always goes to the expression.
        #expect(digits.firstMatch(in: "合计 ٣٤")?.text == "٣٤")
        let dashOrParen = Pattern(#"[A-Z]+-[A-Z]|\([A-Z]+\)"#, needsOneOf: ")-")
        let dashOrParenPlain = Pattern(#"[A-Z]+-[A-Z]|\([A-Z]+\)"#)
        await propertyCheck(count: 300, input: Self.text) { line in
            #expect(digits.matches(in: line).map(\.groups) == unfiltered.matches(in: line).map(\.groups))
            #expect(digits.isMatched(by: line) == unfiltered.isMatched(by: line))
            #expect(dashOrParen.matches(in: line).map(\.location) == dashOrParenPlain.matches(in: line).map(\.location))
        }
    }

    @Test func receiptLinesAreSplitAndTrimmedAsFoundationDoes() async {
        func plain(_ text: String) -> [String] {
            text.replacingOccurrences(of: "\t", with: "    ").components(separatedBy: .newlines)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        #expect(ReceiptText("  A \r\nB\u{2028}C\t").lines == ["A", "B", "C"])
        await propertyCheck(count: 400, input: Self.text) { text in
            #expect(ReceiptText(text).lines == plain(text))
        }
    }

    @Test func lettersAndInkAreCountedAsCharactersCountThem() async {
        let letters = Gen<String?>.element(of: Self.characters + ["z", "Z", "@", "[", "`", "{", "\u{0B}", "\u{0C}", "\r\n", "ß"])
            .map { $0 ?? "" }.array(of: 0...40).map { $0.joined() }
        #expect(MerchantExtractor.letterAndInkCounts("AB C1") == (3, 4))
        await propertyCheck(count: 400, input: letters) { line in
            let counts = MerchantExtractor.letterAndInkCounts(line)
            #expect(counts.letters == line.filter(\.isLetter).count)
            #expect(counts.ink == line.filter { !$0.isWhitespace }.count)
        }
    }

    @Test func itemNamesAreSingleSpacedAsSplittingCharactersDoes() async {
        #expect(LineItemExtractor.singleSpaced("  MILK \t 2L \r\n") == "MILK 2L")
        await propertyCheck(count: 400, input: Self.text) { text in
            #expect(LineItemExtractor.singleSpaced(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    @Test func amountsKeepTheTextAfterThemTrimmed() {
        #expect(AmountScanner.amounts(in: "MILK 2.49  A ").map(\.trailing) == ["A"])
        #expect(AmountScanner.amounts(in: "MILCH 2,49\tB").map(\.trailing) == ["B"])
        #expect(AmountScanner.amounts(in: "LAIT 2,49 é ").map(\.trailing) == ["é"])
        #expect(AmountScanner.amounts(in: "2.49 then a tail longer than sixteen").map(\.trailing) == ["then a tail lon…"])
    }
}
