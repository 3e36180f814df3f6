import Foundation
import PropertyBased
import Testing
@testable import PlutaryCore

/// No text makes the parser crash or hang: random receipt-like text, adversarial numbers,
/// binary bytes, very long lines and deep repetition. (Speed is measured by
/// Benchmarks/parse_speed.sh, not asserted here.)
@Suite("Parser on random and adversarial text")
struct ParserPropertyTests {
    private static let tokens = [
        "TOTAL", "SUBTOTAL", "SUB TOTAL", "GST", "TAX", "ROUNDING", "CASH", "CHANGE", "VISA", "SUMME", "ZU ZAHLEN",
        "Pfand", "RABATT", "x", "@", "kg", "EUR/kg", "RM", "$", "€", "£", "%", "-", ":", "A", "B", "1,99", "0.24", "12.50",
        "2", "0,456", "99999999999999999999999999999.99", "-0.01", "3.00-", "25/12/2018", "2020-02-30", "31.12.99",
        "1.234,56", "1O.5O", "½", "é", "大統華", "\u{301}", "\u{0}", "ᄀ", "ᅡ", "🧾", "SDN BHD", "GmbH", "OTAL",
    ]
    private static let separators = [" ", "   ", "\n", "\t", ""]

    /// Checks what must hold for any input: a total, when given, is a decimal, and every item has a decimal total.
    private static func checkInvariants(_ text: String) {
        let payload = ReceiptParser().parse(ocrText: text)
        if let total = payload.totalAmount { #expect(Decimal(string: total) != nil) }
        for item in payload.lineItems { #expect(Decimal(string: item.total) != nil) }
    }

    @Test func randomReceiptLikeText() async {
        let text = Gen<String?>.element(of: Self.tokens).map { $0 ?? "" }
            .array(of: 0...120)
            .map { words in words.enumerated().map { $1 + Self.separators[$0 % Self.separators.count] }.joined() }
        await propertyCheck(count: 150, input: text) { text in
            Self.checkInvariants(text)
        }
    }

    @Test func binaryBytesInAnyEncoding() async {
        await propertyCheck(count: 150, input: Gen<UInt8>.value(in: 0...255).array(of: 0...2_000)) { bytes in
            Self.checkInvariants(ReceiptTextDecoder.decode(Data(bytes)))
        }
    }

    @Test func deepRepetitionOfOneLine() async {
        await propertyCheck(count: 8, input: Gen<String?>.element(of: Self.tokens), Gen.int(in: 500...3_000)) { token, count in
            Self.checkInvariants(String(repeating: "\(token ?? "") 1,99 B\n", count: count))
        }
    }

    @Test func aOneMegabyteLine() {
        // One line of amounts and keywords, no line breaks: once quadratic in the amount scanner.
        let line = String(repeating: "TOTAL 12.50 CASH 99999999999.99 ", count: 32_768)
        #expect(line.utf8.count >= 1_000_000)
        Self.checkInvariants(line)
    }
}
