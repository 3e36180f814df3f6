import Foundation

/// Turns a strategy's candidates into the sync payload. The receipt's own arithmetic
/// chooses between candidates: a total is believed more when subtotal + taxes + tip
/// (± rounding) reaches it, when tender minus change equals it, or when the items
/// add up to it; so one OCR-garbled TOTAL line does not lose the total.
struct ReceiptResolver: Sendable {
    func resolve(_ parsed: ParsedReceipt, ocrText: String, hints: ParseHints) -> ReceiptPayload {
        var payload = ReceiptPayload(ocrText: ocrText)
        var filled: [String] = []
        var confidence: [String: Double] = [:]
        func fill(_ key: String, _ value: Double) { filled.append(key); confidence[key] = (min(1, max(0, value)) * 100).rounded() / 100 }

        let currency = parsed.currencies.first?.value ?? hints.currency?.uppercased() ?? hints.locale?.currency?.identifier
        var parsed = parsed.withinMoneyLimit(exponent: Currency.exponent(of: currency ?? "XXX"))
        func money(_ value: Decimal) -> String {
            Money(decimal: LineItemExtractor.rounded(value, scale: Currency.exponent(of: currency ?? "XXX")), currency: currency ?? "XXX")?.decimalString
                ?? "\(value)"
        }

        if let merchant = CandidateScorer.top(merchantCandidates(parsed)) { payload.merchantName = merchant.value; fill("merchant_name", merchant.confidence) }
        if let date = CandidateScorer.top(dateCandidates(parsed)) { payload.purchaseDate = date.value; fill("purchase_date", date.confidence) }
        if let currency { payload.currency = currency; fill("currency", parsed.currencies.first?.confidence ?? 0.3) }

        var itemsNet = parsed.items.reduce(Decimal(0)) { $0 + $1.total }
        let taxes = uniqueTaxes(parsed.taxes, in: parsed)
        let tax = CandidateScorer.top(taxCandidates(parsed))
        let taxSum = tax?.value
        let tip = parsed.tips.first?.value
        let subtotal = CandidateScorer.top(subtotalCandidates(parsed, itemsNet: itemsNet))
        let total = CandidateScorer.top(totalCandidates(parsed))
        // What the items add up to: the subtotal, else the total less tip and the taxes added to the prices.
        let reference = subtotal?.value ?? total.map { $0.value - (tip ?? 0) - (parsed.taxIncludedInPrices ? 0 : taxSum ?? 0) }
        // A last row that is what the rows above it add up to, and what the items should, is the subtotal printed
        // under the order's label ("Counter-Eat In  26.95"), not an article: with it the items come to twice the receipt.
        if let reference, parsed.items.count >= 3, let last = parsed.items.last, last.total == reference, itemsNet == 2 * reference {
            parsed.items.removeLast()
            itemsNet -= last.total
        }
        // Rows priced from bare digits alone are items when with them the items add up and without them not:
        // one such row that gives what is missing, or all of them together.
        if let reference, !parsed.unconfirmedItems.isEmpty, reference != itemsNet {
            let missing = reference - itemsNet
            let all = parsed.unconfirmedItems.reduce(Decimal(0)) { $0 + $1.total }
            let confirmed = parsed.unconfirmedItems.first { $0.total == missing }.map { [$0] } ?? (all == missing ? parsed.unconfirmedItems : [])
            for var item in confirmed {
                item.price = .undotted
                parsed.items.insert(item, at: parsed.items.firstIndex { $0.lineIndex > item.lineIndex } ?? parsed.items.endIndex)
                itemsNet += item.total
            }
        }
        // A price read from bare digits that is more than the whole receipt is a misread ("3,39 8" as 86.68).
        for index in parsed.items.indices where parsed.items[index].price == .undotted {
            guard let whole = total?.value, parsed.items[index].total > whole else { continue }
            itemsNet -= parsed.items[index].total
            parsed.items[index].total = 0
            parsed.items[index].price = .unreadable
        }
        // Nor is one the items do not add up with, while no other price is missing: the arithmetic prices
        // it instead ("FILMIS  666  0" for 9,99).
        let undotted = parsed.items.indices.filter { parsed.items[$0].price == .undotted }
        if let reference, reference != itemsNet, undotted.count == 1, !parsed.items.contains(where: { $0.price == .unreadable }),
           case let index = undotted[0], case let missing = reference - (itemsNet - parsed.items[index].total), missing > 0, missing < reference {
            itemsNet -= parsed.items[index].total
            parsed.items[index].total = 0
            parsed.items[index].price = .unreadable
        }

        if let subtotal { payload.subtotalAmount = money(subtotal.value); fill("subtotal_amount", subtotal.confidence) }
        if let tax { payload.taxAmount = money(tax.value); fill("tax_amount", tax.confidence) }
        if let tip { payload.tipAmount = money(tip); fill("tip_amount", 0.8) }
        if let total { payload.totalAmount = money(total.value); fill("total_amount", total.confidence) }
        if let method = parsed.paymentMethods.last { payload.paymentMethod = method.value; fill("payment_method", method.confidence) }
        let inferredPrice = inferUnreadablePrice(&parsed.items, itemsNet: itemsNet, reference: reference)
        itemsNet += inferredPrice ?? 0
        if !parsed.items.isEmpty {
            payload.lineItems = parsed.items.map { lineItem($0, money: money) }
            fill("line_items", 0.6)
        }
        if !taxes.isEmpty {
            payload.taxes = taxes.map { TaxLinePayload(name: $0.name, rate: $0.rate.map { "\($0)" }, amount: money($0.amount)) }
            fill("taxes", 0.7)
        }

        payload.warnings = warnings(parsed, subtotal: subtotal?.value, tax: taxSum, tip: tip, total: total?.value,
                                    itemsNet: itemsNet, money: money)
        payload.autoFilledFields = filled
        payload.fieldConfidence = confidence
        let core = ["merchant_name", "purchase_date", "total_amount"].map { confidence[$0] ?? 0 }
        let overall = core.reduce(0, +) / Double(core.count) - 0.1 * Double(payload.warnings.count)
        payload.confidence = (max(0, min(1, overall)) * 100).rounded() / 100
        return payload
    }

    /// One item whose price OCR lost costs what the others leave of the subtotal (or of the
    /// total less tax and tip): the only price with which the receipt adds up. Returns it.
    private func inferUnreadablePrice(_ items: inout [ParsedLineItem], itemsNet: Decimal, reference: Decimal?) -> Decimal? {
        guard let reference, let index = items.indices.first(where: { items[$0].price == .unreadable }),
              !items[(index + 1)...].contains(where: { $0.price == .unreadable }) else { return nil }
        let missing = reference - itemsNet
        guard missing > 0, missing < reference else { return nil }
        items[index].total = missing
        items[index].price = .inferred
        return missing
    }

    /// Merchant names, scored; a name more than one rule proposes is marked repeated.
    func merchantCandidates(_ parsed: ParsedReceipt) -> [FieldCandidate<String>] {
        var counts: [String: Int] = [:]
        for candidate in parsed.merchants { counts[candidate.value.uppercased(), default: 0] += 1 }
        let candidates = parsed.merchants.map { candidate in
            var candidate = candidate
            if (counts[candidate.value.uppercased()] ?? 0) > 1 { candidate.features["repeated"] = 1 }
            candidate.features = candidate.features.filter { $0.value != 0 }
            return candidate
        }
        return CandidateScorer.scored(candidates, weights: ScoringWeights.merchant)
    }

    func dateCandidates(_ parsed: ParsedReceipt) -> [FieldCandidate<String>] {
        CandidateScorer.scored(parsed.dates, weights: ScoringWeights.date)
    }

    func subtotalCandidates(_ parsed: ParsedReceipt, itemsNet: Decimal) -> [FieldCandidate<Decimal>] {
        CandidateScorer.scored(SubtotalCandidates(parsed: parsed, itemsNet: itemsNet).candidates(), weights: ScoringWeights.subtotal)
    }

    func taxCandidates(_ parsed: ParsedReceipt) -> [FieldCandidate<Decimal>] {
        CandidateScorer.scored(TaxCandidates(parsed: parsed, taxes: uniqueTaxes(parsed.taxes, in: parsed)).candidates(), weights: ScoringWeights.tax)
    }

    /// Every total the receipt could mean, scored (`confidence` is its probability).
    func totalCandidates(_ parsed: ParsedReceipt) -> [FieldCandidate<Decimal>] {
        let itemsNet = parsed.items.reduce(Decimal(0)) { $0 + $1.total }
        let subtotal = CandidateScorer.top(subtotalCandidates(parsed, itemsNet: itemsNet))?.value
        return CandidateScorer.scored(TotalCandidates(parsed: parsed, subtotal: subtotal, tax: taxSum(parsed), tip: parsed.tips.first?.value,
                                                      itemsNet: itemsNet).candidates(), weights: ScoringWeights.total)
    }

    private func taxSum(_ parsed: ParsedReceipt) -> Decimal? {
        CandidateScorer.top(taxCandidates(parsed))?.value
    }

    /// Two amounts printed with the same number of digits that differ in exactly one of them.
    static func oneDigitApart(_ a: Decimal, _ b: Decimal) -> Bool {
        let digits = { (value: Decimal) in Array(String(format: "%.2f", NSDecimalNumber(decimal: value).doubleValue)) }
        let x = digits(a), y = digits(b)
        return x.count == y.count && zip(x, y).filter { $0 != $1 }.count == 1
    }

    /// Whether an amount is a multiple of 0.05, as cash totals are where small coins were withdrawn.
    static func isCashRounded(_ value: Decimal) -> Bool {
        let twentieths = LineItemExtractor.rounded(value * 20, scale: 6)
        return twentieths == LineItemExtractor.rounded(twentieths, scale: 0)
    }

    /// Printed amounts are exact, so the arithmetic must be: 27.55 and 27.56 are different totals.
    private func same(_ a: Decimal, _ b: Decimal) -> Bool {
        LineItemExtractor.rounded(a, scale: 2) == LineItemExtractor.rounded(b, scale: 2)
    }

    /// A tax printed both as a line and in a summary table is counted once.
    /// Each tax once: a name and rate printed again, or a rate's amount restated under another
    /// name by the VAT table ("GST 6%  1.69" above, "SR = 6%  28.11  1.69" in the summary). Without a
    /// rate, a name with another amount is another tax ("(内消費税等 ¥86)", "(内消費税等 ¥71)").
    private func uniqueTaxes(_ taxes: [ParsedTax], in parsed: ParsedReceipt) -> [ParsedTax] {
        var names = Set<String>(), amounts = Set<String>()
        // A tax line without a rate ("GST Payable  1.76") that a rated line of the same tax repeats, as a
        // summary table's row ("SR (@ 6%)  29.26  1.76"), is that tax.
        func key(_ tax: ParsedTax) -> String { "\(tax.name.split(separator: " ").first ?? "")|\(tax.amount)" }
        let rated = Set(taxes.filter { $0.rate != nil }.map(key))
        var restated: [ParsedTax] = []
        let unique = taxes.filter { tax in
            if tax.rate == nil, rated.contains(key(tax)) { return false }
            let rate = tax.rate.map { "\($0)" } ?? "|\(tax.amount)"
            let newName = names.insert("\(tax.name)|\(rate)").inserted
            let newAmount = tax.rate == nil || amounts.insert("\(rate)|\(tax.amount)").inserted
            if newName, !newAmount { restated.append(tax) }
            return newName && newAmount
        }
        // Two taxes may have the same rate and so the same amount ("GST 5%  5.45", "PST 5%  5.45" in Saskatchewan):
        // the arithmetic tells them from one restated, when only with both does the subtotal plus the taxes give the total.
        guard !restated.isEmpty else { return unique }
        let subtotals = parsed.subtotals.map(\.value), totals = Set(parsed.totals.map(\.value))
        let adds = { (taxes: [ParsedTax]) in
            let sum = taxes.reduce(Decimal(0)) { $0 + $1.amount }
            return subtotals.contains { totals.contains($0 + sum) }
        }
        return !adds(unique) && adds(unique + restated) ? (unique + restated).sorted { $0.lineIndex < $1.lineIndex } : unique
    }

    private func lineItem(_ item: ParsedLineItem, money: (Decimal) -> String) -> LineItemPayload {
        // Weights keep their three printed decimals (0.840 kg); pieces are whole numbers.
        let quantity = item.unit == nil ? "\(item.quantity)" : String(format: "%.3f", NSDecimalNumber(decimal: item.quantity).doubleValue)
        var payload = LineItemPayload(description: item.description, quantity: quantity, unitPrice: item.unitPrice.map(money),
                                      total: money(item.total), unit: item.unit, category: item.category, taxCode: item.taxCode,
                                      discount: item.discount.map(money))
        if item.price == .inferred { payload.priceInferred = true }
        return payload
    }

    private func warnings(_ parsed: ParsedReceipt, subtotal: Decimal?, tax: Decimal?, tip: Decimal?, total: Decimal?,
                          itemsNet: Decimal, money: (Decimal) -> String) -> [String] {
        var result: [String] = []
        if parsed.dates.isEmpty { result.append("no purchase date found") }
        let unreadable = parsed.items.filter { $0.price == .unreadable }.count
        if unreadable > 0 { result.append("price unreadable for \(unreadable) item(s)") }
        if let inferred = parsed.items.first(where: { $0.price == .inferred }) {
            result.append("price of \"\(inferred.description)\" unreadable, taken as what the other items leave of the total")
        }
        guard let total else { return result + ["no total found"] }
        if let subtotal, !parsed.items.isEmpty, !same(itemsNet, subtotal) {
            result.append("items sum to \(money(itemsNet)) but subtotal is \(money(subtotal))")
        } else if subtotal == nil, parsed.items.count >= 2, !same(itemsNet, total),   // items that make the total hold its tax
                  !same(itemsNet + (parsed.taxIncludedInPrices ? 0 : (tax ?? 0) + (tip ?? 0)), total) {
            result.append("items sum to \(money(itemsNet)) but total is \(money(total))")
        }
        if let subtotal {
            let withTax = subtotal + (tax ?? 0) + (tip ?? 0)
            // The tip may be printed after the total it is not part of ("Total 45.86 / Tip 8.00 / Amount Paid 53.86").
            let beforeTip = withTax - (tip ?? 0)
            let explained = ([Decimal(0)] + parsed.roundings.map(\.value)).contains { (rounding: Decimal) -> Bool in
                if same(withTax + rounding, total) || same(beforeTip + rounding, total) { return true }
                return parsed.taxIncludedInPrices && same(subtotal + (tip ?? 0) + rounding, total)
            }
            if !explained {
                result.append("subtotal \(money(subtotal)) plus tax \(money(tax ?? 0)) is \(money(withTax)) but total is \(money(total))")
            }
        }
        return result
    }
}
