import Foundation

/// The extraction every strategy shares: summary amounts (totals, subtotal, taxes,
/// tips, tenders, change, rounding), VAT tables, dates, currency, merchant and items.
/// A strategy only supplies its `StrategyProfile`.
struct ReceiptAnalyzer: Sendable {
    let profile: StrategyProfile

    private static let rate = Pattern(#"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,4})?)\s?%"#, needsOneOf: "%", digitRun: 1)
    // Three to six digits alone, no rate's or amount's: a VAT row's amount that lost its point.
    private static let undottedVatAmount = Pattern(#"(?<![\d.,%])(\d{3,6})(?![\d.,%])"#, needsOneOf: Pattern.digits, digitRun: 3)
    // A VAT table row: rate letter, rate, then net / tax / gross columns ("B 7% 23,45 1,64 25,09").
    // The tax's name may stand between letter and rate ("A: MwSt 19%  Netto 2,18  MwSt 0,42").
    private static let vatRow = Pattern(#"^\s*(?:[A-Z]{1,6}[-\s])?([A-D])\s*[=:]?\s*(?:(?:MWST|UST|VAT|TVA|IVA|BTW|MOMS)\.?\s*)?(\d{1,2}(?:[.,]\d{1,2})?)\s?%"#, needsOneOf: "%", digitRun: 1)
    // Shops code their rates with other letters too ("V 19,0%", "E7,0%", Malaysia's "SR 6%"): a code of one or two
    // letters, then the rate, at the row's start.
    // Drugstores number their rates instead ("1= 7,0%", "2=19,0%"); Malaysia's GST summary says "SR @ 6%".
    // Or a letter and a digit: France's "T1  5,5%", "T2 20,0%". Or the rate's name: Britain's "Std 20%", "Zero 0%".
    private static let anyLetterVatRow = Pattern(#"^\s*(STD|STANDARD|REDUCED|ZERO|[A-Z]{1,2}|[A-Z]\d|\d(?=\s?=))\s?[=@]?\s{0,8}(\d{1,2}(?:[.,]\d{1,2})?)\s?%"#, needsOneOf: "%", digitRun: 1)
    private static let taxTableHeaders: PhraseList = ["TAX CODE", "GST SUMMARY", "TAX SUMMARY", "VAT SUMMARY", "SST SUMMARY", "VAT ANALYSIS"]
    /// Europe's names for VAT, which shelf prices include.
    private static let vatWords = ["VAT", "TVA", "IVA", "BTW", "MOMS", "MVA", "ALV", "DPH", "PTU", "PDV", "DDV"]
    private static let tableTaxWords = ["GST", "SST"] + vatWords
    /// Europe's currencies: there shelf prices include the VAT, and the receipt's tax is part of its items.
    private static let vatCurrencies: Set<String> = ["EUR", "GBP", "CHF", "PLN", "CZK", "SEK", "NOK", "DKK", "HUF", "RON", "BGN", "ISK"]
    private static let vatTableHeader = ["NETTO", "BRUTTO", "MWST", "UST", "STEUER", "VAT", "NET"]
    // A VAT table's column names across Europe: a line of two or more of them and no amount is the
    // table's header ("IVA  BASE IMPONIBLE  CUOTA", "TVA  HT  TVA  TTC", "BTW  OVER  EUR"), not a label
    // whose amount is on the next line ("BASE IMPONIBLE" alone is a subtotal).
    private static let vatColumnWords: Set<String> = ["NET", "NETTO", "BRUTTO", "GROSS", "BASE", "IMPONIBLE", "CUOTA", "IVA",
                                                      "TVA", "HT", "TTC", "BTW", "OVER", "IMPOSTA", "MWST", "VAT", "PTU",
                                                      "MOMS", "MVA", "DPH", "ALV", "IMPORTE", "BEDRAG", "INCIDENCIA", "IMPONIBILE",
                                                      "GRUNNLAG", "GRUNDLAG", "VEROTON", "VERO", "VEROLLINEN",
                                                      "PDV", "DDV", "AFA", "OSNOVICA", "OSNOVA", "IZNOS", "SKUPAJ", "ZAKLAD",
                                                      // India's GST breakup ("GST IND  Taxable  CGST  SGST  Total").
                                                      "TAXABLE", "CGST", "SGST", "IGST"]
    // A row of such a table that starts with its rate and has no letter code: "4%  3,73  0,15".
    private static let rateFirstVatRow = Pattern(#"^\s*()(\d{1,2}(?:[.,]\d{1,2})?)\s?%"#, needsOneOf: "%", digitRun: 1)
    // Or with the rate's "%" only in the header ("Moms%  Moms  Netto  Brutto" over "12,00  13,22  110,13  123,35";
    // "TVA  %  HT  TVA  TTC" over "A  5,5  3,43  0,19  3,62").
    // The code may be a digit ("1   19,00   2,93   0,56   3,49"), and the rate whole (Austria's "1   10   11,94   1,19").
    private static let bareRateVatRow = Pattern(#"^\s*(\d(?=\s)|[A-Z]?)\s*(\d{1,2}(?:[.,]\d{1,2})?)(?=\s+\d)"#, needsOneOf: Pattern.digits)
    // A table's rows numbered, then the rate ("1     5,50%    13,50   0,74   14,24").
    private static let numberedVatRow = Pattern(#"^\s*(\d)\s+(\d{1,2}(?:[.,]\d{1,2})?)\s?%"#, needsOneOf: "%", digitRun: 1)
    // Norway's tables print the rate last ("312,95    46,94    15%") or between the net and the tax
    // ("194,36    15%    29,15"): a row only when its arithmetic says so.
    private static let rateLaterVatRow = Pattern(#"()(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%"#, needsOneOf: "%")

    func analyze(_ text: ReceiptText, hints: ParseHints) -> ParsedReceipt {
        var receipt = ParsedReceipt(strategy: profile.name)
        receipt.lineCount = text.lines.count
        let bodyChain = KnownMerchant.find(in: text, at: text.lines.indices)
        receipt.merchants = MerchantExtractor.candidates(in: text, bodyChain: bodyChain)
        let named = profile.merchants.first { merchant in
            text.upperLines.prefix(12).indices.contains {
                !KnownMerchant.isProductOrCardLine(text.lines[$0]) && merchant.isNamed(in: text.labels[$0], rawUpper: text.upperLines[$0])
            }
        }
        let merchant = named ?? profile.merchants.first ?? bodyChain?.merchant
        if let named {
            receipt.merchants.insert(FieldCandidate(value: named.brand, confidence: 0.97, reason: "\(profile.name) header",
                                                    features: ["chain": 1, "strategy_header": 1]), at: 0)
        } else if let brand = profile.merchants.first?.brand, profile.detectionScore(text) > 0 {
            receipt.merchants.append(FieldCandidate(value: brand, confidence: 0.6, reason: "\(profile.name) fuzzy header",
                                                    features: ["chain": 1, "strategy_fuzzy": 1]))
        }
        receipt.currencies = CurrencyDetector.candidates(in: text, merchant: merchant, hints: hints)
        let dollarsInUS = receipt.currencies.first?.value == "USD" || hints.region == "US"
        let order = profile.dateOrder ?? merchant?.dateOrder ?? (dollarsInUS ? .monthFirst : .dayFirst)
        receipt.dates = DateExtractor.candidates(in: text, preferredOrder: order)

        var facts = zip(text.lines, text.labels).map(LineFacts.init)
        var summaryLines = readSummary(text, facts: facts, into: &receipt)
        let hasSummary = !summaryLines.isEmpty
        // A tax line ends the items too: a till that prints no total line the classifier knows ("**** TAX  2.49
        // BAL  44.05", "Balance to pay" above "Tax:") prints its payment after the tax, which was read as articles.
        let firstTax = receipt.taxes.lazy.map(\.lineIndex).first { LineItemExtractor.endsItems(taxLine: $0, facts: facts) }
        // A total printed in the header, above every priced line (Taiwan's e-invoice: "總計 $386"), ends no items:
        // they end at the next total, which prints the same amount, when priced lines stand between the two.
        if summaryLines.count >= 2, !facts[..<summaryLines[0]].contains(where: { !$0.amounts.isEmpty }),
           let headed = facts[summaryLines[0]].amounts.last?.value, headed == facts[summaryLines[1]].amounts.last?.value,
           facts[(summaryLines[0] + 1)..<summaryLines[1]].contains(where: { !$0.amounts.isEmpty && $0.kind == nil }) {
            summaryLines.removeFirst()
        }
        var itemsEnd = min(summaryLines.first ?? text.lines.count, firstTax ?? text.lines.count)
        receipt.setItems(LineItemExtractor.extract(from: text, facts: facts, in: 0..<itemsEnd, profile: profile))
        // Products named like a total ("COLGATE TOTAL 75ML  2.50", "OASIS SUMMER FRUITS  1.85" read as SUMME) are
        // items when the arithmetic says so: read as items, they and the items around them add up to a later
        // total or subtotal (with the taxes printed above it), which none of their own amounts is. Such a
        // product may be the first row, with no item read above it.
        var asItems = facts
        let bought = receipt.items.reduce(Decimal(0)) { $0 + $1.total }
        for count in 1..<max(1, min(summaryLines.count, 4)) {
            let line = summaryLines[count - 1], next = summaryLines[count]
            guard facts[line].label.words.count >= 2, facts[line].kind.map(Self.isTotalOrSubtotal) == true,
                  let amount = facts[line].amounts.last?.value, amount > 0,
                  let later = facts[next].amounts.last?.value, later != amount else { break }
            asItems[line].kind = nil
            // Read again only when the sums can meet: the later line is a total or subtotal above what was read.
            guard facts[next].kind.map(Self.isTotalOrSubtotal) == true, later >= amount + bought else { continue }
            let turned = summaryLines.prefix(count)
            let items = LineItemExtractor.extract(from: text, facts: asItems, in: 0..<next, profile: profile)
            let sum = items.reduce(Decimal(0)) { $0 + $1.total }
            let taxed = sum + receipt.taxes.filter { $0.lineIndex < next }.reduce(Decimal(0)) { $0 + $1.amount }
            // Other items share the sum: a "Total (Excluding GST)" alone plus its tax is the total, no product.
            guard items.count > turned.count, turned.allSatisfy({ line in items.contains { $0.lineIndex == line } }),
                  sum == later || taxed == later else { continue }
            receipt.totals.removeAll { turned.contains($0.lineIndex ?? -1) }
            receipt.subtotals.removeAll { turned.contains($0.lineIndex ?? -1) }
            facts = asItems
            receipt.setItems(items)
            summaryLines.removeFirst(count)
            itemsEnd = next
            break
        }
        if hasSummary { dropPayments(before: itemsEnd, from: &receipt) }
        let currency = receipt.currencies.first?.value
        receipt.taxIncludedInPrices = receipt.taxIncludedInPrices || Self.vatCurrencies.contains(currency ?? "")
            || receipt.taxes.contains { tax in tax.name.hasPrefix("MwSt") || Self.vatWords.contains { tax.name.hasPrefix($0) } }
        return receipt
    }

    /// Reads every summary line; returns the subtotal, total and tax total lines in order: the first
    /// ends the item region.
    private func readSummary(_ text: ReceiptText, facts: [LineFacts], into receipt: inout ParsedReceipt) -> [Int] {
        var summaryLines: [Int] = []
        var vatHeaderLine: Int?
        // The tax the table's header names ("GST Summary"), for its rows' names; MwSt when it names none.
        var vatTableTax: String?
        for (index, line) in text.lines.enumerated() {
            let amounts = facts[index].amounts
            receipt.printedAmounts.formUnion(amounts.map(\.value))
            for value in Set(amounts.map(\.value)) { receipt.printedCounts[value, default: 0] += 1 }
            let label = facts[index].label
            // Whole words: "NET TOTAL" read without its space ("NETTOTAL") is not a "NETTO" column.
            let vatColumn = label.words.contains { word in
                (word.hasPrefix("NETTO") && !word.hasPrefix("NETTOTAL")) || word.hasPrefix("BRUTTO")
                    || TextSimilarity.wordMatches(word, "NETTO") || TextSimilarity.wordMatches(word, "BRUTTO")
            }
            // A tax summary table's header ("Tax Code  %  Amount  GST", "GST Summary"): its "Total" row sums columns.
            let taxTableHeader = amounts.isEmpty && label.hasAny(Self.taxTableHeaders)
            let namesColumns = amounts.isEmpty && label.words.filter(Self.vatColumnWords.contains).count >= 2
            // A row may name its columns ("MwSt A 19%  Netto 80,33  MwSt 15,26"): with a rate and amounts it is no header.
            let isRow = amounts.count >= 2 && Self.rate.isMatched(by: AmountScanner.repairDigits(line))
            if label.words.count <= 8, !isRow, vatColumn || taxTableHeader || namesColumns || (label.has("MWST") && amounts.isEmpty) {
                vatHeaderLine = index
                vatTableTax = Self.tableTaxWords.first(where: label.hasWord)
                continue
            }
            let underVatHeader = vatHeaderLine.map { index - $0 <= 5 } ?? false
            if let tax = vatRow(line, upper: text.upperLines[index], amounts: amounts, line: index, underHeader: underVatHeader,
                                tableTax: underVatHeader ? vatTableTax : nil) {
                receipt.taxes.append(tax)
                continue
            }
            guard let kind = facts[index].kind else { continue }
            // Spanish names the amount column "IMPORTE", its word for the total too.
            if amounts.isEmpty, LineItemExtractor.isItemTableHeader(line) { continue }
            // A short one: "PRICE IS GST INCLUSIVE" and a table's "Amount (RM) GST (RM)" name no amount.
            if case .tax = kind, amounts.isEmpty, !receipt.subtotals.isEmpty, label.words.count <= 3,
               amountOnNextLine(text, after: index) == nil {
                receipt.unreadTaxLines += 1
            }
            var pointless: Decimal?
            if amounts.isEmpty, [.taxTotal, .subtotal].contains(kind) { pointless = AmountScanner.pointlessAmount(in: line) }
            guard let amount = amounts.last?.value ?? amountOnNextLine(text, after: index) ?? AmountScanner.dashedAmount(in: line)
                ?? AmountScanner.oneDecimalAmount(in: line) ?? pointless
            else { continue }
            let candidate = { (confidence: Double) in
                FieldCandidate(value: amount, confidence: confidence, lineIndex: index, reason: label.words.joined(separator: " "))
            }
            switch kind {
            case .total(var strength):
                guard amount > 0 else { continue }
                // "Total includes GST  3.17" under a total of 59.60 states the tax that total holds; where it prints
                // the total itself ("Total Includes GST 6%  9.00") it is a total line.
                if label.hasWord("INCLUDES"), let tax = SummaryLineClassifier.taxName(label),
                   let total = receipt.totals.last?.value, amount * 2 < total {
                    let rate = Self.printedRate(line)
                    if rate != 0 { receipt.taxes.append(ParsedTax(name: tax, rate: rate, amount: amount, lineIndex: index)) }
                    receipt.taxIncludedInPrices = true
                    continue
                }
                // "Summe" right under a VAT table header sums the table's columns, not the purchase.
                if let header = vatHeaderLine, index - header <= 5 { strength -= 0.3 }
                // "TOTAL AFTER ADJ 75.00" under "TOTAL 75.06" rounds without a rounding line; the
                // implied adjustment lets the arithmetic prefer the amount due.
                if label.hasAny(SummaryLineClassifier.roundedTotalWords),
                   let unrounded = receipt.totals.suffix(3).last(where: { index - ($0.lineIndex ?? 0) <= 3 }),
                   unrounded.value != amount, abs(NSDecimalNumber(decimal: amount - unrounded.value).doubleValue) < 0.1 {
                    receipt.roundings.append(FieldCandidate(value: amount - unrounded.value, confidence: 0.6, lineIndex: index,
                                                            reason: "implied by \(label.words.joined(separator: " "))"))
                }
                receipt.totals.append(candidate(strength))
                summaryLines.append(index)
            case .subtotal:
                receipt.subtotals.append(candidate(0.8))
                summaryLines.append(index)
            case .taxTotal:
                receipt.taxTotals.append(candidate(0.8))
                summaryLines.append(index)
            case .tax(let name):
                // A tax word in a longer label without an amount is a column header ("QTY  PRICE  TAX"); a tax
                // line alone ("HST 13%", "SALES TAX") has its amount alone on the next line.
                guard !amounts.isEmpty || (label.words.filter({ $0.contains(where: \.isLetter) }).count <= 2 && index + 1 < facts.count
                                           && facts[index + 1].amounts.count == 1 && facts[index + 1].label.words.isEmpty) else { continue }
                // A tax split into its parts on the line below ("HST INCLUDED 13%  6.05" / "HST INCL - FUEL 4.79  WASH 1.26")
                // is that tax again.
                if amounts.count >= 2, let above = receipt.taxes.last, index - above.lineIndex <= 2,
                   amounts.map(\.value).reduce(0, +) == above.amount { continue }
                let rate = Self.printedRate(line)
                var taxed = taxAmount(amounts, rate: rate) ?? amount
                // "Tax 8.875% on $9.48" prints what is taxed; the tax, its rate of that, on the line below.
                let values = amounts.map(\.value)
                if let rate, taxByRate(values, rate: rate) == nil, let below = amountOnNextLine(text, after: index),
                   taxByRate(values + [below], rate: rate) == below {
                    taxed = below
                }
                receipt.taxes.append(ParsedTax(name: name, rate: rate, amount: taxed, lineIndex: index))
            case .tip:
                guard amount > 0 else { continue }   // "Service Charge  0.00" adds nothing
                receipt.tips.append(candidate(0.8))
            case .tender(let method):
                guard amount > 0 else { continue }
                receipt.tenders.append(candidate(0.7))
                receipt.firstPaymentLine = receipt.firstPaymentLine ?? index
                receipt.paymentMethods.append(FieldCandidate(value: method, confidence: 0.7, lineIndex: index, reason: "tender line"))
            case .change:
                receipt.changes.append(candidate(0.7))
                receipt.firstPaymentLine = receipt.firstPaymentLine ?? index
            case .rounding:
                receipt.roundings.append(candidate(0.7))
            case .savings:
                receipt.savings.append(candidate(0.7))
            case .count:
                continue
            }
        }
        return summaryLines
    }

    /// A tax total is below the items it taxes; only a total or subtotal line sums them.
    private static func isTotalOrSubtotal(_ kind: SummaryLineKind) -> Bool {
        switch kind {
        case .total, .subtotal: true
        default: false
        }
    }

    /// A card or "CASH" named among the items ("PRIVILEGE CARD 10.00") is a product, not a payment.
    private func dropPayments(before itemsEnd: Int, from receipt: inout ParsedReceipt) {
        receipt.paymentMethods.removeAll { ($0.lineIndex ?? itemsEnd) < itemsEnd }
        receipt.tenders.removeAll { ($0.lineIndex ?? itemsEnd) < itemsEnd }
        receipt.firstPaymentLine = (receipt.tenders + receipt.changes).compactMap(\.lineIndex).min()
    }

    /// OCR sometimes puts a label's amount alone on the next line.
    private func amountOnNextLine(_ text: ReceiptText, after index: Int) -> Decimal? {
        guard index + 1 < text.lines.count else { return nil }
        let next = text.lines[index + 1]
        guard let amount = AmountScanner.lastAmount(in: next) else { return nil }
        let letters = next.filter(\.isLetter).count
        return letters <= 3 ? amount.value : nil
    }

    /// The rate a line prints ("GST 6%", "TVA 5,5 %"), read as its amounts are.
    private static func printedRate(_ line: String) -> Decimal? {
        rate.firstMatch(in: AmountScanner.repairDigits(line)).flatMap { AmountScanner.decimal($0[1] ?? "") }
    }

    /// - Parameter underHeader: whether a VAT table's header is a few lines above: there a row
    ///   whose gross OCR lost ("V 19,0%  1,44  7,55  668") still shows its tax as its rate of its net.
    /// - Parameter tableTax: the tax the table's header names, for the row's name.
    private func vatRow(_ text: String, upper upperLine: String, amounts: [AmountMatch], line: Int, underHeader: Bool,
                        tableTax: String?) -> ParsedTax? {
        // Under a table's header, a row whose net lost its point ("21%   619   1,30") is read with it, if its arithmetic holds.
        let undotted = amounts.count == 1 && underHeader ? Self.undottedVatAmount.firstMatch(in: text) : nil
        let amounts = undotted.flatMap { match in
            Decimal(string: match[1] ?? "").map { value in
                (amounts + [AmountMatch(value: value / 100, location: match.location, length: match.length, trailing: "")])
                    .sorted { $0.location < $1.location }
            }
        } ?? amounts
        // Its rate as its amounts are read, with an O taken for a 0 ("7,O%"), one character for one, so the amounts' offsets
        // hold; repaired before upper case, where an l read for a 1 ("l9%") would be an L.
        guard amounts.count >= 2 else { return nil }
        let repaired = AmountScanner.repairDigits(text)
        let upper = repaired == text ? upperLine : repaired.uppercased()
        let coded = Self.vatRow.firstMatch(in: upper)
        let uncoded = underHeader
            ? Self.rateFirstVatRow.firstMatch(in: upper) ?? Self.numberedVatRow.firstMatch(in: upper) : nil
        let lettered = coded ?? (amounts.count >= (underHeader ? 2 : 3) ? Self.anyLetterVatRow.firstMatch(in: upper) : nil) ?? uncoded
        // Its arithmetic decides below: a tax that is the rate of another amount after the rate.
        // A rate printed with its sign after an amount comes before a bare number taken for one ("27,12  6,78  25%").
        let rateLater = lettered == nil && underHeader ? Self.rateLaterVatRow.firstMatch(in: upper) : nil
        let bareRate = lettered == nil && rateLater == nil && underHeader ? Self.bareRateVatRow.firstMatch(in: upper) : nil
        guard let match = lettered ?? bareRate ?? rateLater,
              let letter = match[1], let rate = AmountScanner.decimal(match[2] ?? ""), rate > 0, rate < 30 else { return nil }
        // A row of returns (Leergut) is all negative: its tax is read from the amounts' size and is negative too.
        let returned = amounts.allSatisfy { $0.value < 0 }
        // A bare rate with two decimals was read as the row's first amount.
        let rateEnd = bareRate.map { $0.location + $0.length } ?? 0
        let values = amounts.filter { $0.location >= rateEnd }.map { returned ? -$0.value : $0.value }.filter { $0 >= 0 }
        let byRate = taxByRate(values, rate: rate) ?? grossLessNet(values, rate: rate)
        // A bare number, or a rate after the amounts, is a row's rate only when the row's arithmetic says so; so is
        // an undotted amount its net.
        if bareRate != nil || rateLater != nil || undotted != nil, byRate == nil { return nil }
        guard let found = byRate ?? smallestTax(values) else { return nil }
        let amount = returned ? -found : found
        // The VAT the row names ("TVA 5,50% HT 6,67 TVA 0,37"), else its table's tax; MwSt when neither does.
        let word = Self.vatWords.first(where: LineLabel(upper).hasWord) ?? tableTax ?? "MwSt"
        let gross = values.first { gross in values.contains { net in net != found && net + found == gross } }.map { returned ? -$0 : $0 }
        // Other letters only when the row's own arithmetic shows it is a VAT row.
        if coded == nil, gross == nil, !(underHeader && byRate != nil) { return nil }
        let name = letter.isEmpty ? "\(word) \(NSDecimalNumber(decimal: rate).stringValue)%" : "\(word) \(letter)"
        return ParsedTax(name: name, rate: rate, amount: amount, lineIndex: line, gross: gross)
    }

    /// The tax column of a tax row: by its rate when the row prints one, else the smallest amount.
    private func taxAmount(_ amounts: [AmountMatch], rate: Decimal?) -> Decimal? {
        let values = amounts.map(\.value).filter { $0 >= 0 }
        return rate.flatMap { taxByRate(values, rate: $0) } ?? smallestTax(values)
    }

    /// The tax column of a tax row: the amount that is `rate` of another one (of the net, or of the gross).
    /// OCR reads a leading 0 as another digit ("TVA 5,50%  HT 6,67  TVA 6,37"): a tax under 10 that is
    /// the rate of another amount once its first digit is a 0 is that tax.
    private func taxByRate(_ values: [Decimal], rate: Decimal) -> Decimal? {
        func isRate(_ tax: Decimal, of base: Decimal) -> Bool {
            let ofNet = LineItemExtractor.rounded(base * rate / 100, scale: 2)
            let ofGross = LineItemExtractor.rounded(base * rate / (100 + rate), scale: 2)
            return LineItemExtractor.close(tax, ofNet) || LineItemExtractor.close(tax, ofGross)
        }
        for tax in values {
            for base in values where base != tax && isRate(tax, of: base) { return tax }
        }
        // A tax split in two columns, each half the rate: India's CGST and SGST ("5%  909.52  22.74  22.74").
        for (first, half) in values.enumerated() {
            for other in values.dropFirst(first + 1) where other == half {
                for base in values where base != half && isRate(half + other, of: base) { return half + other }
            }
        }
        for misread in values where misread >= 1 && misread < 10 {
            let tax = misread - LineItemExtractor.rounded(misread - Decimal(string: "0.5")!, scale: 0)
            for base in values where base != misread && isRate(tax, of: base) { return tax }
        }
        return nil
    }

    /// The tax of a row whose tax column OCR garbled ("B 19%  2,22  40,42  2,64"): the gross less
    /// the net, when that difference is the rate of the net.
    private func grossLessNet(_ values: [Decimal], rate: Decimal) -> Decimal? {
        for net in values {
            for gross in values where gross > net {
                let tax = gross - net
                if LineItemExtractor.close(tax, LineItemExtractor.rounded(net * rate / 100, scale: 2)) { return tax }
            }
        }
        return nil
    }

    /// The tax column of a row with no rate to tell it by: the smallest of net/tax/gross, when another
    /// amount on the row is large enough to carry it (no VAT rate reaches 30 %): in "A 7%  9,35  5,42"
    /// OCR lost the net and the tax, and 5,42 is no tax of 9,35. (The row's rate may be misread too.)
    private func smallestTax(_ values: [Decimal]) -> Decimal? {
        guard values.count >= 2 else { return values.first }
        if values.count == 3 {
            let sorted = values.sorted()
            if sorted[0] + sorted[1] == sorted[2] { return sorted[0] }
        }
        guard let smallest = values.min() else { return nil }
        if !values.contains(where: { $0 != smallest && $0 * Decimal(string: "0.3")! >= smallest }) { return nil }
        return smallest
    }
}

private extension ParsedReceipt {
    /// The items read, the rows priced from bare digits alone kept apart.
    mutating func setItems(_ read: [ParsedLineItem]) {
        items = read.filter { $0.price != .unconfirmed }
        unconfirmedItems = read.filter { $0.price == .unconfirmed }
    }
}
