import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the European Central Bank's euro reference rates: the daily file
/// (`eurofxref-daily.xml`, one day) and the historical one (`eurofxref-hist.xml`,
/// every day since 1999) share one shape, nested `Cube` elements:
/// `<Cube time="2024-03-15"><Cube currency="USD" rate="1.0892"/>…</Cube>`.
/// The whole file is checked before anything is returned.
public enum ECBRateParser {
    public static func parse(_ data: Data) throws -> [ExchangeRate] {
        let delegate = Delegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let ok = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard ok else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw ECBImportError.malformed(line: parser.lineNumber, reason: reason)
        }
        // Foundation's parser accepts a file cut short; unclosed elements say it was.
        guard delegate.depth == 0 else { throw ECBImportError.malformed(line: parser.lineNumber, reason: "the file ends too early") }
        guard delegate.sawEnvelope else { throw ECBImportError.notECB }
        guard !delegate.rates.isEmpty else { throw ECBImportError.noRates }
        return delegate.rates
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var rates: [ExchangeRate] = []
        var failure: ECBImportError?
        var sawEnvelope = false
        private var day: String?
        private(set) var depth = 0

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            depth += 1
            if depth == 1 {
                sawEnvelope = elementName.hasSuffix("Envelope")
                if !sawEnvelope { fail(.notECB, parser) }
                return
            }
            guard elementName == "Cube" else { return }
            if let time = attributes["time"] {
                guard MonthKey.isDay(time) else { return fail(.badDay(line: parser.lineNumber, value: time), parser) }
                day = time
            } else if let currency = attributes["currency"] {
                let line = parser.lineNumber
                guard let day else { return fail(.badDay(line: line, value: ""), parser) }
                guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                    return fail(.badCurrency(line: line, value: currency), parser)
                }
                let text = attributes["rate"] ?? ""
                guard let rate = Self.positiveDecimal(text) else { return fail(.badRate(line: line, value: text), parser) }
                rates.append(ExchangeRate(day: day, base: "EUR", quote: currency, rate: rate, source: .ecb))
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }

        private func fail(_ error: ECBImportError, _ parser: XMLParser) {
            if failure == nil { failure = error }
            parser.abortParsing()
        }

        private static func positiveDecimal(_ text: String) -> Decimal? {
            guard !text.isEmpty, text.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." }),
                  let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value > 0 else { return nil }
            return value
        }
    }
}
