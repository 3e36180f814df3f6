import Foundation

/// Names the role of a summary line from its label words. Order matters: the narrow
/// phrases ("SUBTOTAL", "TOTAL SAVINGS", "TOTAL INCL GST") are tested before the bare "TOTAL".
enum SummaryLineClassifier {
    private static let countWords: PhraseList = ["TOTAL QTY", "TOTAL QUANTITY", "TOTAL ITEM", "TOTAL ITEMS", "TOTAL NUMBER",
                                     "NO OF ITEMS", "ITEM COUNT", "ITEMS SOLD", "ANZAHL ARTIKEL", "NUMBER OF ITEMS",
                                     "TOTAL PIECES", "TOTAL PCS",
        "ARTICULOS", "ARTICLES", "ARTICOLI", "AANTAL ARTIKELEN", "ILOSC"]
    private static let savingsWords: PhraseList = ["TOTAL SAVINGS", "TOTAL SAVING", "YOU SAVED", "YOUR SAVINGS", "TOTAL DISCOUNT",
                                       "INSTANT SAVINGS", "TOTAL SAVED", "SIE SPAREN", "GESPART", "IHRE ERSPARNIS",
        "VOTRE ECONOMIE", "UW VOORDEEL", "OSZCZEDNOSC", "AHORRO TOTAL", "RISPARMIO TOTALE"]
    static let roundedTotalWords: PhraseList = ["ROUNDED TOTAL", "TOTAL ROUNDED", "ROUND TOTAL", "ROUNDED AMOUNT", "AMOUNT ROUNDED", "AMT ROUNDED",
                                            "TOTAL AFTER ROUNDING", "AFTER ROUNDING", "AFTER ADJ", "AFTER ADJUSTMENT"]
    private static let subtotalWords: PhraseList = ["SUBTOTAL", "SUB TOTAL", "SUBTTL", "SUB TTL", "ZWISCHENSUMME", "EXCLUDING GST",
                                        "EXCLUDING SST", "EXCL GST", "EXCLUSIVE GST", "EXCLUSIVE OF GST", "EXCL TAX",
                                        "BEFORE TAX", "BEFORE GST", "W O GST", "TOTAL EXCL", "NET AMOUNT",
        "SOUS TOTAL", "SOUSTOTAL", "TOTAL HT", "SUBTOTAAL", "BASE IMPONIBLE", "SPRZEDAZ OPODATK", "小計", "小计"]
    private static let inclusiveTotalWords: PhraseList = ["INCL GST", "INCL OF GST", "INCLUSIVE GST", "INCLUSIVE OF GST", "INCLUDING GST",
                                              "INC GST", "INCL SST", "INCLUSIVE OF SST", "INCL TAX", "INCLUDING TAX",
                                              "INCL VAT", "INKL MWST",
        "IVA INCLUIDO", "IVA INCL", "TTC", "IVA INCLUSA", "INCL BTW"]
    private static let taxTotalWords: PhraseList = ["TOTAL TAX", "TOTAL TAXES", "TOTAL GST", "TOTAL SST", "TOTAL VAT", "TOTAL HST",
                                        "TAX TOTAL", "GST TOTAL", "TOTAL MWST", "SUMME MWST", "MWST SUMME", "TOTAL SALES TAX",
                                        "STEUER GESAMT", "MWST GESAMT"]
    // Europe's VAT totals, after the inclusive totals that name the VAT too ("TOTAL (IVA INCLUIDO)").
    private static let vatTotalWords: PhraseList = ["TOTAL IVA", "TOTALE IVA", "TOTAL TVA", "TOTAL BTW", "TOTAAL BTW", "BTW TOTAAL", "TOTAL MVA", "SUM MVA", "TOTAL MOMS",
        "MOMS TOTALT", "SUMA PTU", "PTU SUMA", "TOTAL ALV", "ALV YHTEENSAE", "TOTAL DPH", "DPH CELKEM",
        "UKUPNO PDV", "PDV UKUPNO", "SKUPAJ DDV", "DDV SKUPAJ", "AFA OESSZESEN", "OESSZES AFA",
        // "Of which VAT" under an inclusive total (Italy, France, Norway, Denmark, Sweden).
        "DI CUI IVA", "DONT TVA", "HERAV MVA", "HERAF MOMS", "VARAV MOMS"]
    private static let strongTotalWords: PhraseList = ["GRAND TOTAL", "NETT TOTAL", "NET TOTAL", "TOTAL DUE", "AMOUNT DUE", "BALANCE DUE",
                                           "TOTAL PAYABLE", "AMOUNT PAYABLE", "NET PAYABLE", "TOTAL AMOUNT", "TOTAL AMT", "ZU ZAHLEN",
                                           "GESAMTBETRAG", "ENDBETRAG", "TOTAL TO PAY", "AMOUNT TO PAY", "NETT AMOUNT",
                                           "TOTAL BAYAR", "JUMLAH",
        // Spanish, French, Italian, Dutch, Polish, Swedish, Danish, Norwegian, Finnish.
        "TOTAL A PAGAR", "A PAGAR", "TOTAL COMPRA", "IMPORTE TOTAL", "NET A PAYER", "A PAYER", "TOTAL TTC",
        "TOTALE COMPLESSIVO", "TOTALE EURO", "TE BETALEN", "SUMA PLN", "DO ZAPLATY", "ATT BETALA", "AT BETALE", "YHTEENSAE", "I ALT", "TOTALT",
        // Slovenian, Croatian, Hungarian, Czech: "to pay".
        "ZA PLACILO", "ZA PLATITI", "FIZETENDO", "K UHRADE",
        // Japanese and Chinese (traditional, simplified): "total".
        "合計", "總計", "总计", "合计"]
    private static let changeWords: PhraseList = ["CHANGE", "CHANGE DUE", "RUECKGELD", "ZURUECK", "RETOUR", "BALANCE RETURNED", "KEMBALI",
        "A DEVOLVER", "A RENDRE", "RENDU MONNAIE", "WISSELGELD", "お釣", "おつり", "釣銭", "找零", "找續", "找赎"]
    // Whole words only, as they begin longer words ("RESTORAN", "RENDUE").
    private static let changeWholeWords: Set<String> = ["CAMBIO", "VISSZAJARO", "RENDU", "RESTO", "TERUG", "TROCO", "RESZTA", "VAEXEL", "VEKSEL", "VRACENO", "MONNAIE"]
    private static let roundingWords: PhraseList = ["ROUNDING", "ROUNDING ADJ", "ROUND ADJ", "RUNDUNG", "ROUNDING ADJUSTMENT", "ADJ ROUNDING",
        // Cash rounding in French (Canada, Belgium), Spanish, Italian, Dutch and the Nordic languages.
        "ARRONDI", "REDONDEO", "ARROTONDAMENTO", "AFRONDING", "AVRUNDNING", "AFRUNDING", "AVRUNDING", "PYOERISTYS"]
    private static let tipWords = ["TIP", "TIPS", "GRATUITY", "TRINKGELD", "POURBOIRE"]
    // A restaurant's service charge is added to the bill as a tip is ("Serv. Charge (10%): 2.66").
    private static let serviceChargeWords: PhraseList = ["SERVICE CHARGE", "SERV CHARGE", "SERVICE CHRG", "SERVICE CHG",
                                                              "SVC CHG", "SVC CHARGE", "SERV CHG"]
    // Tender words, mapped to a payment method people recognise.
    private static let tenderMethods: [(word: KeywordPhrase, method: String)] = [
        ("VISA", "Visa"), ("MASTERCARD", "Mastercard"), ("MASTER", "Mastercard"), ("AMEX", "Amex"),
        ("GIFT CARD", "Gift card"), ("GESCHENKKARTE", "Gift card"), ("CARTE CADEAU", "Gift card"), ("TARJETA REGALO", "Gift card"),
        ("AMERICAN EXPRESS", "Amex"), ("INTERAC", "Debit"), ("DEBIT", "Debit"), ("GIROCARD", "Debit"),
        ("EC KARTE", "Debit"), ("ECKARTE", "Debit"), ("KREDITKARTE", "Credit card"), ("CREDIT CARD", "Credit card"),
        ("CREDIT", "Credit card"), ("KARTENZAHLUNG", "Card"), ("KARTE", "Card"), ("CARD", "Card"),
        ("CONTACTLESS", "Card"), ("KONTAKTLOS", "Card"),
        ("BARGELD", "Cash"), ("CASH", "Cash"), ("BAR", "Cash"), ("GEGEBEN", "Cash"), ("TUNAI", "Cash"),
        ("TENDERED", "Cash"), ("TENDER", "Cash"), ("PAYMENT", "Card"), ("PAID", "Cash"),
        ("EFECTIVO", "Cash"), ("ENTREGADO", "Cash"), ("ESPECES", "Cash"), ("CONTANTI", "Cash"), ("CONTANT", "Cash"),
        ("DINHEIRO", "Cash"), ("GOTOWKA", "Cash"), ("KONTANT", "Cash"), ("HOTOVOST", "Cash"), ("KAETEINEN", "Cash"),
        ("TARJETA", "Card"), ("CARTE BANCAIRE", "Card"), ("CARTE", "Card"), ("CARTA", "Card"), ("PINNEN", "Debit"),
        ("PIN", "Debit"), ("MULTIBANCO", "Debit"), ("KARTA", "Card"), ("KARTOU", "Card"), ("KORT", "Card"),
        ("KORTTI", "Card"), ("BANKAXEPT", "Debit"), ("DANKORT", "Debit"), ("BANKKORT", "Debit"), ("BANCONTACT", "Debit"),
        ("BANKOMAT", "Debit"), ("KARTICA", "Card"), ("GOTOVINA", "Cash"), ("KESZPENZ", "Cash"), ("BANKKARTYA", "Card"), ("MAESTRO", "Debit"), ("PAGAMENTO ELETTRONICO", "Card"), ("TWINT", "Mobile payment"),
        ("お預り", "Cash"), ("お預かり", "Cash"), ("現金", "Cash"), ("现金", "Cash"),
    ]
    // Tax words and the normal form used in tax line names.
    private static let taxNames: [(word: KeywordPhrase, name: String)] = [
        // Manitoba's provincial tax is its retail sales tax.
        ("HST", "HST"), ("GST", "GST"), ("PST", "PST"), ("RST", "RST"), ("QST", "QST"), ("TVQ", "QST"), ("TPS", "GST"), ("TVH", "HST"),
        ("SST", "SST"), ("VAT", "VAT"), ("MWST", "MwSt"), ("UST", "USt"), ("MEHRWERTSTEUER", "MwSt"),
        ("SALES TAX", "Sales tax"), ("SERVICE TAX", "Service tax"), ("TAX", "Tax"), ("STEUER", "MwSt"),
        ("IVA", "IVA"), ("TVA", "TVA"), ("BTW", "BTW"), ("PTU", "PTU"), ("MOMS", "Moms"), ("DPH", "DPH"), ("ALV", "ALV"), ("MVA", "MVA"),
        ("PDV", "PDV"), ("DDV", "DDV"), ("AFA", "ÁFA"),
        // Japan's consumption tax, included in the prices (内) or added to them (外).
        ("内消費税", "消費税"), ("消費税", "消費税"), ("外税", "消費税"), ("内税", "消費税"),
    ]
    // Lines that mention a tax word without being an amount of tax.
    private static let taxIdentifierWords: PhraseList = ["GST ID", "GST REG", "GST NO", "SST ID", "SST REG", "SST NO", "VAT NO",
                                             "VAT REG", "TAX ID", "UST ID", "USTID", "STEUERNR", "STEUER NR", "GST SUMMARY",
                                             "TAX INVOICE", "HST NO", "GST HST", "REG NO", "TAX CODE", "TAXCODE",
        "P IVA", "PARTITA IVA", "SIRET", "TVA INTRA", "N TVA", "BTW NR", "BTW NUMMER", "CODICE FISCALE", "ORG NR"]
    // Japan: the amount a rate applies to ("(外税 8%対象額  ¥1,308)") is no tax; with the tax after it on the line
    // ("(10%対象 ¥1,406  内消費税等 ¥127)") the line is the tax's.
    private static let taxBase: KeywordPhrase = "対象", consumptionTax: KeywordPhrase = "消費税"
    // Tax numbers' short names, whole words only ("NIPPON", "DICED" are no tax numbers).
    private static let taxIdentifierWholeWords: Set<String> = ["CIF", "NIF", "NIP", "DIC"]

    // Single words tested on most lines, prepared once like the lists above.
    private static let inclusiveTotalNouns: PhraseList = ["TOTAL", "AMOUNT", "SALES"]
    private static let vatTableWords: PhraseList = ["NETTO", "MWST", "STEUER"]
    private static let summe: KeywordPhrase = "SUMME", totalSales: KeywordPhrase = "TOTAL SALES"
    private static let total: KeywordPhrase = "TOTAL", gesamt: KeywordPhrase = "GESAMT"
    // Looked for before the words are read as characters, which few lines need.
    private static let balance: KeywordPhrase = "BALANCE", incl = Array("INCL".utf8)
    // "Total" in the languages whose word is not "TOTAL…": Dutch, Spanish, Polish, Czech, Finnish.
    // Croatian, Serbian and Bosnian, Slovenian, Hungarian, Slovak.
    // Read with one OCR slip from six letters on ("CELKFM").
    private static let totalWords: [KeywordPhrase] = ["TOTAAL", "IMPORTE", "SUMA", "RAZEM", "CELKEM", "YHTEENSAE",
                                                      "UKUPNO", "SKUPAJ", "OESSZESEN", "SPOLU", "CELKOM"]

    static func classify(_ label: LineLabel) -> SummaryLineKind? {
        // "TOTAL A PAYER (13 ARTICLES)": a total that states its count.
        if label.hasAny(countWords), !label.hasAny(strongTotalWords) { return .count }
        if label.hasAny(savingsWords) { return .savings }
        if label.hasAny(roundedTotalWords) { return .total(strength: 0.95) }
        if label.hasAny(roundingWords) { return .rounding }
        if label.hasAny(subtotalWords) { return .subtotal }
        if label.hasAny(taxTotalWords) { return .taxTotal }
        if label.hasAny(inclusiveTotalWords), label.hasAny(inclusiveTotalNouns) {
            return .total(strength: 0.9)
        }
        if label.hasAny(vatTotalWords) { return .taxTotal }
        if label.hasAny(strongTotalWords) { return .total(strength: 0.85) }
        // German receipts: "SUMME", "Summe EUR"; never the VAT table's "Summe" of net amounts.
        if label.has(summe), !label.hasAny(vatTableWords) { return .total(strength: 0.8) }
        // Before change: "CHARGE" is one letter from "CHANGE".
        if label.hasAny(serviceChargeWords) { return .tip }
        if label.hasAny(changeWords) || label.words.contains(where: changeWholeWords.contains) { return .change }
        // "TIP" alone or with a rate is a tip; "TIP GESCHIRRTUECHER" is a product.
        if tipWords.contains(where: label.hasWord), label.words.filter({ $0.count > 2 && !$0.allSatisfy(\.isNumber) }).count <= 1 {
            return .tip
        }
        if label.has(totalSales) { return .total(strength: 0.6) }
        // "BALANCE" alone: US tills print it above the tax ("**** BALANCE 8.27", then "BALANCE DUE 8.59"),
        // others as what is due; either way it ends the items. A word more makes it a name ("Balance Brot").
        if label.hasWord(balance), label.words.filter({ $0.contains(where: \.isLetter) }) == ["BALANCE"] { return .total(strength: 0.6) }
        // "HST INCLUDED IN TOTAL  16.02", "GST 8% included in total  3.47": the tax the total holds, not a total.
        if label.hasWordStarting(with: incl), label.words.dropFirst().first(where: { !$0.allSatisfy(\.isNumber) })?.hasPrefix("INCL") == true,
           let tax = taxName(label),
           let first = label.words.first,
           tax.uppercased().hasPrefix(first) {
            return .tax(name: tax)
        }
        if label.has(total) || label.hasWord("TTL") || label.has(gesamt) || label.hasWord("BETRAG")
            || totalWords.contains(where: { namesTotal(label, $0) })
            // Norway's and Denmark's "SUM" leads its line ("SUM  108,96", "SUM NOK"); "CHOY SUM" is a vegetable.
            || label.words.first == "SUM" {
            return .total(strength: 0.7)
        }
        if let tax = taxName(label) { return .tax(name: tax) }
        if let method = tenderMethod(label) { return .tender(method: method) }
        return nil
    }

    /// A line read as a total for a word starting "TOTAL" among a name's words: "TOTAL WINE & MORE",
    /// "TotalEnergies Station" (`words` 2), "Colgate Total 75ml" (1). Counted are the other words of four
    /// letters or more, and the rest of the one starting with "TOTAL"; a total's own words ("TOTAL AMOUNT",
    /// "TOTAL EUR") are classified before this is asked, or are too short, and another word for the total makes it one.
    static func namesBesideTotal(_ label: LineLabel, words needed: Int) -> Bool {
        guard label.words.contains(where: { $0.hasPrefix("TOTAL") }) else { return false }
        let names = label.words.map { $0.hasPrefix("TOTAL") ? String($0.dropFirst(5)) : $0 }
            .filter { $0.count >= 4 && $0.allSatisfy(\.isLetter) }
        guard !names.contains(where: { $0 == "GESAMT" || $0 == "BETRAG" || $0 == "SUMME" }),
              !totalWords.contains(where: label.hasWord(closeTo:)) else { return false }
        return names.count >= needed
    }

    /// A word of `keyword` or an OCR slip of it; not the keyword with a letter added at its end, which is
    /// another word ("IMPORTED FUJI APPLE" is no "IMPORTE").
    private static func namesTotal(_ label: LineLabel, _ keyword: KeywordPhrase) -> Bool {
        if label.hasWord(closeTo: keyword) && label.words.contains(where: { word in
            TextSimilarity.wordMatches(word, keyword.text) && !(word.count == keyword.text.count + 1 && word.hasPrefix(keyword.text))
        }) {
            return true
        }
        // The currency glued on ("CELKEMKč", "SUMAPLN"): a word is the keyword, then a code the parser knows.
        return label.words.contains { word in
            word.count > keyword.text.count && word.hasPrefix(keyword.text) && gluedCurrencies.contains(String(word.dropFirst(keyword.text.count)))
        }
    }
    private static let gluedCurrencies = LineItemExtractor.currencyWords.union(CurrencyDetector.codeWords)

    static func taxName(_ label: LineLabel) -> String? {
        // What the tax is not charged on ("NON-VAT  220.00", "NON TAXABLE") is no tax either.
        guard !label.hasAny(taxIdentifierWords), !label.words.contains(where: taxIdentifierWholeWords.contains),
              label.words.first != "NON", !isTaxBase(label) else { return nil }
        if let name = taxNames.first(where: { entry in
            entry.word.parts.count > 1 || entry.word.joined.count >= 5 ? label.has(entry.word) : label.hasWord(entry.word)
        })?.name {
            return name
        }
        // A short tax name with a letter OCR read as a digit ("6ST 5.0000 %" for GST): only a word of both.
        if let first = label.words.first, first.count == 3, first.contains(where: \.isLetter), first.contains(where: \.isNumber),
           let name = oneWordTaxName(TextSimilarity.lettersForDigits(first)) {
            return name
        }
        // A short tax name OCR glued to its rate ("TVQ9,975%", "GST6%"): the first word's letters before its digits.
        if let first = label.words.first, case let letters = first.prefix(while: \.isLetter), (2...4).contains(letters.count),
           letters.count < first.count, first.dropFirst(letters.count).allSatisfy(\.isNumber), let name = oneWordTaxName(String(letters)) {
            return name
        }
        // A short tax name OCR split in two at the start of its line ("T PS 5%", "H ST 13%").
        guard label.words.count >= 2, label.words[0].count + label.words[1].count <= 4,
              label.words[0].allSatisfy(\.isLetter), label.words[1].allSatisfy(\.isLetter) else { return nil }
        return oneWordTaxName(label.words[0] + label.words[1])
    }

    /// Whether a line names the amount a Japanese rate applies to (`taxBase`) with no consumption tax after it.
    private static func isTaxBase(_ label: LineLabel) -> Bool {
        guard label.has(taxBase) else { return false }
        let text = label.words.joined(separator: " ")
        guard let base = text.range(of: taxBase.text), let tax = text.range(of: consumptionTax.text, options: .backwards) else { return true }
        return tax.lowerBound < base.upperBound
    }

    /// The tax a one-word name spelled exactly names.
    private static func oneWordTaxName(_ word: String) -> String? {
        taxNames.first { $0.word.parts.count == 1 && $0.word.text == word }?.name
    }

    static func tenderMethod(_ label: LineLabel) -> String? {
        // France's "CB" (carte bancaire) leads a label of words only ("CB  8,11", "CB SANS CONTACT"); a "CB#: 395164" is a number.
        if label.words.first == "CB", label.words.allSatisfy({ $0.allSatisfy(\.isLetter) }) { return "Card" }
        return tenderMethods.first { entry in
            entry.word.parts.count > 1 || entry.word.joined.count >= 6 ? label.has(entry.word) : label.hasWord(entry.word)
        }?.method
    }
}
