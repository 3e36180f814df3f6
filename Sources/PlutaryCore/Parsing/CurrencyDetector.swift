import Foundation

/// Decides the receipt currency from symbols and codes, with country cues
/// (Canadian taxes and postal codes, US ZIP codes, Malaysian SST/SDN BHD, German
/// words), then the merchant and the caller's locale as tie-breakers.
enum CurrencyDetector {
    // "RM" before an amount, alone or in parentheses; not inside a code ("RFC TCH850701RM1", Mexico's tax number).
    private static let ringgit = Pattern(#"(?<![A-Z0-9])RM\s?\d|\(RM\)|(?<![A-Z0-9])RM(?![A-Z])|\bMYR\b"#, caseInsensitive: false)
    private static let yen = Pattern(#"[¥￥]\s?\d"#, needsOneOf: Pattern.digits)
    // Symbols count next to a number ("€1,95", "£ 3.20"); OCR litters text with stray ones.
    private static let euroOrPound = Pattern(#"([€£])\s?[\d/]|\d\s?([€£])"#)
    private static let dollar = Pattern(#"\$\s?\d"#, needsOneOf: "$")
    // "C$" inside a receipt number ("C$1801/27037") is not Canadian dollars.
    private static let canadianDollar = Pattern(#"(?<![A-Z0-9])(?:CA?\$)(?:\s?\d+[.,]\d{2}\b|(?![\dA-Z]))"#, caseInsensitive: false,
                                                needsOneOf: "$")
    // Its digits stand alone between letters: a text with no single digit is answered without ICU.
    private static let canadianPostalCode = Pattern(#"\b[ABCEGHJ-NPRSTVXY]\d[A-Z]\s?\d[A-Z]\d\b"#, caseInsensitive: false, needsOneOf: Pattern.digits,
                                                    digitRun: 1, digitRunAtMost: 1)
    private static let states = ["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME",
                                 "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA",
                                 "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY"]
    private static let usZipCode = Pattern(#"\b(?:"# + states.joined(separator: "|") + #")\s+\d{5}(?:-\d{4})?\b"#, caseInsensitive: false,
                                           needsOneOf: Pattern.digits, digitRun: 5, digitRunAtMost: 5)
    // The same with a zero read as "O" ("MEMPHIS, TN 381O8"): asked only of a receipt nothing else names a currency of.
    private static let misreadZipCode = Pattern(#"\b(?:"# + states.joined(separator: "|") + #")\s+(?=[\dO]{5}\b)\d{1,4}O[\dO]{0,3}\b"#,
                                                caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 2)
    // A state's two bytes as one number, for `mayHoldZipCode`.
    private static let stateCodes = Set(states.map { UInt16($0.utf8.first!) << 8 | UInt16($0.utf8.last!) })
    // Australia's postcode (`PostalCode`) and business number (ABN); New Zealand's GST number ("GST 96-153-071") and web domain.
    private static let australianPostcode = Pattern(PostalCode.australian, caseInsensitive: false, needsOneOf: Pattern.digits,
                                             digitRun: 4, digitRunAtMost: 4)
    private static let newZealandGSTNumber = Pattern(#"\bGST(?: REG)?(?: NO\.?| NUMBER)?:?\s+\d{2,3}-\d{3}-\d{3}\b"#, needsOneOf: Pattern.digits, digitRun: 3)
    private static let germanWords: [KeywordPhrase] = ["SUMME", "ZU ZAHLEN", "MWST", "RUECKGELD", "BARGELD", "ZURUECK", "UST ID", "STRASSE"]
    // Words of euro countries' receipts beyond Germany: Spain, France, Italy, the Netherlands, Portugal, Finland.
    private static let euroWords: Set<String> = ["IVA", "TVA", "BTW", "ALV", "TOTALE", "TOTAAL", "EFECTIVO", "ESPECES", "CONTANTI",
                                                 "TROCO", "CAMBIO", "RENDU", "RESTO"]
    private static let euroPhrases: [KeywordPhrase] = ["TE BETALEN", "A PAGAR", "NET A PAYER"]
    // Codes of Europe's other currencies (and its neighbour Morocco's), printed beside amounts
    // ("SUMA PLN 11,48", "TOTALT SEK 89,00", "CELKEM Kč 90,50": labels fold "Č" to "C").
    private static let currencyWords: [String: (code: String, weight: Double)] = [
        "PLN": ("PLN", 0.8), "SEK": ("SEK", 0.8), "NOK": ("NOK", 0.8), "DKK": ("DKK", 0.8), "CZK": ("CZK", 0.8),
        "HUF": ("HUF", 0.8), "RON": ("RON", 0.8), "BGN": ("BGN", 0.8), "ISK": ("ISK", 0.8), "MAD": ("MAD", 0.8),
        "ZL": ("PLN", 0.6), "KC": ("CZK", 0.6), "FORINT": ("HUF", 0.8), "DH": ("MAD", 0.6), "DHS": ("MAD", 0.6),
        // National debit cards name their country: Denmark's Dankort, Norway's BankAxept.
        "DANKORT": ("DKK", 0.6), "BANKAXEPT": ("NOK", 0.6),
        // Codes of Asia's and Latin America's currencies.
        "INR": ("INR", 0.8), "THB": ("THB", 0.8), "BAHT": ("THB", 0.8), "HKD": ("HKD", 0.8), "TWD": ("TWD", 0.8),
        "BRL": ("BRL", 0.8), "MXN": ("MXN", 0.8), "CLP": ("CLP", 0.8), "COP": ("COP", 0.8),
    ]
    /// The words above that are codes or short names of a currency, not a card's name.
    static let codeWords: Set<String> = Set(currencyWords.keys).subtracting(["DANKORT", "BANKAXEPT"])
    // Dollar and other signs that name their country ("R$ 145,42", "HK$", "NT$", "₹", "฿").
    private static let signs: [(sign: String, code: String)] = [("R$", "BRL"), ("HK$", "HKD"), ("NT$", "TWD"), ("₹", "INR"), ("฿", "THB")]
    // Words of countries whose receipts seldom print a currency's code: their tax, tax numbers, invoice
    // forms and the country's name. Several "$" countries among them: the cues decide which dollar or peso.
    private static let countryCues: [(code: String, cues: [KeywordPhrase])] = [
        ("INR", ["GSTIN", "CGST", "SGST", "HSN", "INDIA"]),
        ("BRL", ["CNPJ", "CPF", "NFC-E", "ICMS", "BRASIL"]),
        ("MXN", ["RFC", "MEXICO", "CDMX", "IEPS"]),
        ("CLP", ["RUT", "BOLETA", "SII", "CHILE"]),
        ("COP", ["NIT", "DIAN", "COLOMBIA"]),
        ("THB", ["VATABLE", "THAILAND", "BANGKOK"]),
        ("HKD", ["HONG KONG", "OCTOPUS", "八達通", "香港"]),
        ("TWD", ["統一編號", "電子發票", "TAIWAN", "台北"]),
        ("SGD", ["SINGAPORE", "PTE LTD"]),
        ("NOK", ["MVA", "NORGE"]),
        // Sweden's receipt and its "to pay" ("Kvitto 30912", "ATT BETALA"); "moms" and "kr" are Denmark's too.
        ("SEK", ["KVITTO", "ATT BETALA", "SVERIGE"]),
    ]
    // A British postcode on a receipt that names VAT.
    private static let ukPostcode = Pattern(PostalCode.british, caseInsensitive: false, needsOneOf: Pattern.digits, digitRun: 1, digitRunAtMost: 1)
    // Hungary's forint as its receipts write it, after an amount ("ÖSSZESEN: 5 369 Ft"); "50 FT" is a length.
    private static let forint = Pattern(#"\d\s?Ft(?!\w)"#, caseInsensitive: false, needsOneOf: Pattern.digits)
    // Whole words only: "NET TOTAL" read as "NETTOTAL" is not German.
    private static let germanColumnWords = ["NETTO", "BRUTTO"]
    private static let canadianTaxWords: [KeywordPhrase] = ["HST", "GST HST", "PST", "QST", "RST", "TPS", "TVQ", "TVH"]
    private static let malaysianWords: [KeywordPhrase] = ["SDN BHD", "BHD", "MALAYSIA", "JALAN", "JLN", "TAMAN", "SELANGOR", "JOHOR",
                                         "KUALA LUMPUR", "SST", "PENANG", "PERAK"]

    static func candidates(in text: ReceiptText, merchant: KnownMerchant?, hints: ParseHints) -> [FieldCandidate<String>] {
        let upper = text.upperText
        // Searched as bytes: Foundation's `contains` on the whole text cost a fiftieth of the parse.
        let upperBytes = Array(upper.utf8)
        func mentions(_ word: String) -> Bool { KnownMerchant.bytes(upperBytes, contain: Array(word.utf8)) }
        let labels = text.labels
        var scores: [String: Double] = [:]
        func add(_ code: String, _ weight: Double) { if weight > 0 { scores[code, default: 0] += weight } }

        // The whole text goes to ICU only when it holds what every match of the pattern does.
        if mentions("RM") || mentions("MYR"), ringgit.isMatched(by: upper) { add("MYR", 0.8) }
        for (sign, code) in signs where mentions(sign) { add(code, 0.8) }
        let symbols = mentions("€") || mentions("£") ? Set(euroOrPound.matches(in: upper).compactMap { $0[1] ?? $0[2] }) : []
        if symbols.contains("€") || labels.contains(where: { $0.hasWord("EUR") || $0.hasWord("EURO") }) { add("EUR", 0.8) }
        if symbols.contains("£") || labels.contains(where: { $0.hasWord("GBP") }) { add("GBP", 0.8) }
        if labels.contains(where: { $0.hasWord("CHF") }) { add("CHF", 0.8) }
        // A code counts beside an amount only: "Sek. 9" in a Malaysian address is a section, not kronor.
        // The words first: scanning every line for amounts again cost a tenth of the parse.
        for (index, label) in labels.enumerated() {
            let found = label.words.compactMap { currencyWords[$0] }
            guard !found.isEmpty, !AmountScanner.amounts(in: text.lines[index]).isEmpty else { continue }
            for (code, weight) in found { add(code, weight) }
        }
        if KnownMerchant.bytes(Array(text.ocrText.utf8), contain: Array("Ft".utf8)), text.lines.contains(where: forint.isMatched) {
            add("HUF", 0.8)
        }
        if mentions("US$") || labels.contains(where: { $0.hasWord("USD") }) { add("USD", 0.8) }
        if canadianDollar.isMatched(by: upper) || labels.contains(where: { $0.hasWord("CAD") }) { add("CAD", 0.8) }
        if mentions("S$") || labels.contains(where: { $0.hasWord("SGD") }) { add("SGD", 0.8) }
        if mentions("A$") || labels.contains(where: { $0.hasWord("AUD") }) { add("AUD", 0.8) }
        if mentions("NZ$") || labels.contains(where: { $0.hasWord("NZD") }) { add("NZD", 0.8) }
        // A yen sign counts only before a number; OCR litters text with stray "¥".
        if mentions("¥") || mentions("￥"), yen.isMatched(by: upper) {
            mentions("RMB") || mentions("CNY") || mentions("元") ? add("CNY", 0.7) : add("JPY", 0.6)
        }
        // Each further country word makes the country surer than one stray symbol.
        func countryWeight(_ cues: Int) -> Double { cues == 0 ? 0 : min(0.75, 0.3 + 0.15 * Double(cues - 1)) }
        // The table's "Netto" and "Brutto" are Nordic and Polish too: German only beside a German word.
        let germanWordCues = germanWords.filter { word in labels.contains { $0.has(word) } }.count
        let germanCues = germanWordCues == 0 ? 0 : germanWordCues + germanColumnWords.filter { word in labels.contains { $0.hasWord(word) } }.count
        add("EUR", countryWeight(germanCues))
        // Single words whole: "IVA" is not "IVANA", "RESTO" not "RESTORAN", "TOTALE" not "SUB-TOTAL (EX)".
        let euroCues = Set(labels.flatMap { $0.words.filter(euroWords.contains) })
            .union(euroPhrases.filter { phrase in labels.contains { $0.has(phrase) } }.map(\.text))
        // "$" before amounts is no euro receipt's: Spanish and Portuguese words then say a peso or a real.
        let hasDollar = dollar.isMatched(by: upper)
        if !hasDollar || symbols.contains("€") { add("EUR", countryWeight(euroCues.count)) }
        // Single words looked up among the receipt's words, gathered once; phrases and other scripts as the text's bytes.
        let words = Set(labels.flatMap(\.words))
        for (code, cues) in countryCues {
            let found = cues.filter { cue in cue.parts.count > 1 || !cue.isASCII ? mentions(cue.text) : words.contains(cue.text) }.count
            add(code, countryWeight(found) + (found > 0 && hasDollar ? 0.3 : 0))
        }
        if labels.contains(where: { $0.hasWord("VAT") }), ukPostcode.isMatched(by: upper) { add("GBP", 0.5) }
        add("MYR", countryWeight(malaysianWords.filter { word in labels.contains { $0.has(word) } }.count))

        // "$" alone says "a dollar"; the country decides which.
        // A country's name counts in the address or the footer: among the articles it is where produce comes from
        // ("CARROT AUSTRALIA" in a Singapore supermarket). Whole words; "SAUSAGE ROLL" holds "USA".
        let headerAndFooter = labels.count > 20 ? Array(labels.prefix(10) + labels.suffix(10)) : labels
        func namesCountry(_ name: String) -> Bool {
            mentions(name) && headerAndFooter.contains { name.contains(" ") ? $0.has(name) : $0.hasWord(name) }
        }
        var canadian = 0.0, american = 0.0, australian = 0.0, newZealand = 0.0
        if labels.contains(where: { label in canadianTaxWords.contains { $0.parts.count > 1 ? label.has($0) : label.hasWord($0) } }) { canadian += 0.4 }
        if mayHoldCanadianPostalCode(upperBytes) && canadianPostalCode.isMatched(by: upper) || namesCountry("CANADA") { canadian += 0.3 }
        if mayHoldZipCode(upperBytes) && usZipCode.isMatched(by: upper) || namesCountry("USA")
            || !hasDollar && scores.isEmpty && mayHoldZipCode(upperBytes, zeroAsO: true) && misreadZipCode.isMatched(by: upper) { american += 0.4 }
        // Looked for only beside a "$" or an ABN: the other countries' cues are what most receipts need, and these cost a tenth of them.
        // An ABN and an Australian postcode are a country with no "$" printed ("TOTAL  59.38", "GST INCL  3.04").
        let hasABN = labels.contains(where: { $0.hasWord("ABN") })
        if hasDollar || hasABN {
            if australianPostcode.isMatched(by: upper) || namesCountry("AUSTRALIA") { australian += 0.4 }
            if hasABN { australian += 0.3 }
        }
        if hasDollar {
            if newZealandGSTNumber.isMatched(by: upper) || namesCountry("NEW ZEALAND") || mentions(".CO.NZ") { newZealand += 0.5 }
        }
        if merchant?.currency == "CAD" { canadian += 0.3 }
        if merchant?.currency == "USD" { american += 0.3 }
        if hints.region == "CA" || hints.currency == "CAD" { canadian += 0.1 }
        if hints.region == "US" || hints.currency == "USD" { american += 0.1 }
        let countries = [("CAD", canadian), ("USD", american), ("AUD", australian), ("NZD", newZealand)]
        let surest = countries.max { $0.1 < $1.1 }!
        if hasDollar || surest.1 >= 0.4 {
            // One country surer than the others says which dollar; a tie with none is the US dollar.
            if countries.filter({ $0.1 == surest.1 }).count == 1 { add(surest.0, 0.4 + surest.1) }
            else if hasDollar { add("USD", 0.3) }
        }
        if let code = merchant?.currency { add(code, 0.2) }
        if let code = hints.currency?.uppercased() { add(code, 0.15) }
        if let code = hints.locale?.currency?.identifier { add(code, 0.1) }

        // Ties go by code: a dictionary's order changes from run to run, and so would the reading.
        return scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { code, score in
            FieldCandidate(value: code, confidence: min(1, score), reason: "currency cues")
        }
    }

    // ICU tries the postcode and ZIP code expressions at every capital of the whole text, the ZIP code's fifty
    // states one by one: the bytes say first whether a match can start anywhere, a fiftieth of a parse.

    /// Whether a capital, a digit, a capital, perhaps a white space, a digit, a capital and a digit stand in a row, as
    /// in every `canadianPostalCode`. A character of another script may be a digit or a white space.
    private static func mayHoldCanadianPostalCode(_ bytes: [UInt8]) -> Bool {
        /// The index after the character at `index` when it is ASCII and `test` holds, or when it is of another script.
        func after(_ index: Int, _ test: (UInt8) -> Bool, otherScript: Bool = true) -> Int? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte < 0x80 { return test(byte) ? index + 1 : nil }
            guard otherScript else { return nil }
            return min(bytes.count, index + (byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2))
        }
        let isCapital = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        func capital(_ index: Int) -> Int? { after(index, isCapital, otherScript: false) }
        func digit(_ index: Int) -> Int? { after(index, \.isASCIIDigit) }
        // The inward half: a digit, a capital and a digit.
        func inward(_ index: Int) -> Bool { digit(index).flatMap(capital).flatMap(digit) != nil }
        return bytes.indices.contains { start in
            guard let outward = capital(start).flatMap(digit).flatMap(capital) else { return false }
            return inward(outward) || after(outward, \.isASCIIWhitespace).map(inward) == true
        }
    }

    /// Whether a state's code starts a word before white space and five digits, as in every `usZipCode`; other
    /// than ASCII after the code may be white space or digits of another script.
    /// - Parameter zeroAsO: whether an "O" may stand for a digit, as in `misreadZipCode`.
    private static func mayHoldZipCode(_ bytes: [UInt8], zeroAsO: Bool = false) -> Bool {
        for start in bytes.indices.dropLast(2) where stateCodes.contains(UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])) {
            // No word boundary after a letter, digit or underscore.
            if start > 0, case let before = bytes[start - 1], before < 0x80,
               before.isASCIIDigit || before == UInt8(ascii: "_") || before.isASCIILetter {
                continue
            }
            var index = start + 2
            guard bytes[index] >= 0x80 || bytes[index].isASCIIWhitespace else { continue }
            while index < bytes.count, bytes[index].isASCIIWhitespace { index += 1 }
            let digits = bytes[index...].prefix(5)
            if digits.contains(where: { $0 >= 0x80 })
                || digits.count == 5 && digits.allSatisfy({ $0.isASCIIDigit || zeroAsO && $0 == UInt8(ascii: "O") }) { return true }
        }
        return false
    }

}
