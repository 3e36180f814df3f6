import Foundation

/// Every amount that could be a receipt's total, each with the features the scoring
/// function weighs (`ScoringWeights.total`): what its line says, where it sits, and the
/// receipt's arithmetic (subtotal + tax, tender − change, items, rounding). Nothing here
/// decides; the fitted weights do. Sums combine different roles only (a subtotal with a
/// tax, a total with a small rounding), never two candidates for the same role, and each
/// role keeps its last few amounts, so the work stays linear on any input.
struct TotalCandidates {
    /// Amounts kept per role for the arithmetic; real receipts print one to three.
    static let perRole = 6
    /// Rounding adjustments are coins: larger "rounding" amounts are the rounded total itself.
    static let largestAdjustment = Decimal(string: "0.5")!

    let parsed: ParsedReceipt
    let subtotal: Decimal?
    let tax: Decimal?
    let tip: Decimal?
    let itemsNet: Decimal

    func candidates() -> [FieldCandidate<Decimal>] {
        let extras = plausibleTax + (tip ?? 0)
        let subtotals = Array(Set(parsed.subtotals.suffix(Self.perRole).map(\.value)))
        let adjustments = Array(Set(parsed.roundings.suffix(Self.perRole).map(\.value).filter(isAdjustment)))
        let tenders = Array(parsed.tenders.suffix(Self.perRole).enumerated())
        let changes = Array(Set(parsed.changes.suffix(Self.perRole).map(\.value)))
        let itemsConfirm = parsed.items.count >= 2
        // The VAT table's rows, once each (a table is often printed twice); their gross column adds up to the total.
        var vatRows: [String: Decimal] = [:]
        for tax in parsed.taxes.suffix(Self.perRole * 2) { if let gross = tax.gross { vatRows["\(tax.name)|\(tax.rate.map { "\($0)" } ?? "")"] = gross } }
        let vatGross: Decimal? = vatRows.isEmpty ? nil : rounded(vatRows.values.reduce(0, +))

        // Printed total lines, plus "ROUNDING 27.30" lines that print the rounded amount.
        var printed: [Decimal: (strength: Double, count: Int, line: Int)] = [:]
        func addPrinted(_ value: Decimal, _ strength: Double, _ line: Int) {
            guard value > 0 else { return }
            let old = printed[value]
            printed[value] = (max(old?.strength ?? 0, strength), (old?.count ?? 0) + 1, max(old?.line ?? 0, line))
        }
        for total in parsed.totals { addPrinted(total.value, total.confidence, total.lineIndex ?? 0) }
        for rounding in parsed.roundings where !isAdjustment(rounding.value) {
            addPrinted(rounding.value, 0.7, rounding.lineIndex ?? 0)
        }
        let lastTotalLine = parsed.totals.filter { ($0.lineIndex ?? 0) < (parsed.firstPaymentLine ?? .max) }.last?.lineIndex

        var subtotalPlusTax = Set<Decimal>(), confirmedSum = Set<Decimal>(), roundedSum = Set<Decimal>()
        var includedSum = Set<Decimal>()
        for sub in subtotals {
            let due = sub + (includesTax(sub) ? tip ?? 0 : extras)
            subtotalPlusTax.insert(due)
            if itemsConfirm, same(sub, itemsNet) { confirmedSum.insert(rounded(due)) }
            if parsed.taxIncludedInPrices { includedSum.insert(rounded(sub + (tip ?? 0))) }
            for adjustment in adjustments where adjustment != 0 {
                roundedSum.insert(rounded(due + adjustment))
                if parsed.taxIncludedInPrices { includedSum.insert(rounded(sub + (tip ?? 0) + adjustment)) }
            }
        }
        // A total printed just above a rounding line, adjusted by it (60.31 - 0.01 = 60.30); OCR often
        // loses the sign, so the other sign counts when it reaches a multiple of 0.05.
        var totalPlusRounding = Set<Decimal>(), roundedBelow = Set<Decimal>()
        for rounding in parsed.roundings.suffix(Self.perRole) where rounding.value != 0 && isAdjustment(rounding.value) {
            guard let roundingLine = rounding.lineIndex else { continue }
            for total in parsed.totals.suffix(Self.perRole * 2) {
                guard let line = total.lineIndex, line < roundingLine, roundingLine - line <= 3 else { continue }
                for adjustment in [rounding.value, -rounding.value] {
                    let value = total.value + adjustment
                    if ReceiptResolver.isCashRounded(value) || adjustment == rounding.value {
                        totalPlusRounding.insert(rounded(value))
                        // A total in odd cents that its rounding line takes to coins printed below is not yet the amount due.
                        if ReceiptResolver.isCashRounded(value), !ReceiptResolver.isCashRounded(total.value),
                           parsed.printedCounts[rounded(value)] != nil {
                            roundedBelow.insert(total.value)
                        }
                    }
                }
            }
        }
        var tenderMinusChange = Set<Decimal>(), exactTender = Set<Decimal>(), cardTender = Set<Decimal>(), cashTender = Set<Decimal>()
        for (index, tender) in tenders {
            let position = parsed.tenders.count - tenders.count + index
            let isCard = position < parsed.paymentMethods.count && parsed.paymentMethods[position].value != "Cash"
            if isCard { cardTender.insert(tender.value) } else { cashTender.insert(tender.value) }
            for change in changes where change < tender.value {
                if change > 0 { tenderMinusChange.insert(rounded(tender.value - change)) } else { exactTender.insert(tender.value) }
            }
        }
        // A split payment: tenders that together pay a printed total (gift card 20.00 + card 42.00 = 62.00, less
        // any change) are its parts, none of them the total.
        if tenders.count >= 2 {
            let paid = tenders.reduce(Decimal(0)) { $0 + $1.element.value }
            for change in changes.isEmpty ? [0] : changes where change >= 0 && change < paid {
                let total = rounded(paid - change)
                guard printed[total] != nil else { continue }
                let parts = Set(tenders.map(\.element.value))
                exactTender.subtract(parts)
                cardTender.subtract(parts)
                cashTender.subtract(parts)
                if change > 0 { tenderMinusChange.insert(total) } else { exactTender.insert(total) }
            }
        }
        // One item at the total's price confirms it too: a lone tender minus change must not overrule both.
        let itemsSum: Decimal? = parsed.items.isEmpty ? nil : rounded(itemsNet + (parsed.taxIncludedInPrices ? 0 : extras))
        let sums = confirmedSum.union(tenderMinusChange.filter { _ in !changes.allSatisfy { $0 == 0 } })
            .union(roundedSum.filter(ReceiptResolver.isCashRounded)).union(vatGross.map { [$0] } ?? [])
        let changeValues = Set(changes.filter { $0 > 0 })
        let taxValues = Set(parsed.taxes.suffix(Self.perRole).map(\.amount) + parsed.taxTotals.suffix(Self.perRole).map(\.value))
        let savingValues = Set(parsed.savings.suffix(Self.perRole).map(\.value).map { abs($0) })
        let maxSubtotal = subtotals.max()
        let largestPrinted = printed.keys.max()

        // Every value any role proposes, printed totals first so ties keep the printed reading; one item
        // alone confirms a total but does not propose one.
        var order: [Decimal] = printed.sorted { $0.value.line < $1.value.line }.map(\.key)
        var seen = Set(order)
        for value in [subtotalPlusTax, roundedSum, includedSum, totalPlusRounding, tenderMinusChange, exactTender, cardTender,
                      cashTender, Set(subtotals)].flatMap({ $0.sorted() }) + (itemsConfirm ? itemsSum.map { [$0] } ?? [] : [])
                + (vatGross.map { [$0] } ?? []) + repeatedAmounts
        where value > 0 && seen.insert(rounded(value)).inserted {
            order.append(rounded(value))
        }

        let lineCount = Double(max(1, parsed.lineCount))
        return order.map { value in
            var f: [String: Double] = [:]
            let onLine = printed[value]
            if let onLine {
                f["keyword"] = onLine.strength
                f["strong_keyword"] = onLine.strength >= 0.85 ? 1 : 0
                f["repeated_total_line"] = onLine.count > 1 ? 1 : 0
                f["position"] = Double(onLine.line) / lineCount
                f["last_total_line"] = onLine.line == lastTotalLine ? 1 : 0
                f["after_payment"] = onLine.line > (parsed.firstPaymentLine ?? .max) ? 1 : 0
                f["largest_total"] = value == largestPrinted ? 1 : 0
                f["rounded_below"] = roundedBelow.contains(value) ? 1 : 0
            } else {
                f["derived_only"] = 1
            }
            f["printed_elsewhere"] = min(3, Double(parsed.printedCounts[value] ?? 0) - Double(onLine?.count ?? 0)) / 3
            f["subtotal_plus_tax"] = subtotalPlusTax.contains { same($0, value) } ? 1 : 0
            f["subtotal_confirmed_by_items"] = confirmedSum.contains(value) ? 1 : 0
            f["subtotal_plus_rounding"] = roundedSum.contains(value) || includedSum.contains(value) ? 1 : 0
            f["total_plus_rounding"] = totalPlusRounding.contains(value) ? 1 : 0
            f["tender_minus_change"] = tenderMinusChange.contains(value) ? 1 : 0
            f["exact_tender"] = exactTender.contains(value) ? 1 : 0
            f["card_tender"] = cardTender.contains(value) ? 1 : 0
            f["cash_tender"] = cashTender.contains(value) ? 1 : 0
            f["items_sum"] = itemsSum.map { same($0, value) } == true ? 1 : 0
            f["vat_table_gross"] = vatGross == value ? 1 : 0
            f["is_subtotal"] = subtotals.contains(value) ? 1 : 0
            f["below_subtotal"] = maxSubtotal.map { value < $0 && parsed.savings.isEmpty } == true ? 1 : 0
            f["not_cash_rounded"] = !parsed.roundings.isEmpty && !ReceiptResolver.isCashRounded(value) ? 1 : 0
            f["excluded_label"] = changeValues.contains(value) || taxValues.contains(value) || savingValues.contains(value) ? 1 : 0
            // Independent relations that reach the value: two printed amounts rarely agree by chance.
            let confirmations = ["subtotal_plus_tax", "subtotal_plus_rounding", "total_plus_rounding", "tender_minus_change",
                                 "exact_tender", "card_tender", "items_sum", "vat_table_gross"].filter { f[$0] == 1 }.count
            f["confirmations"] = Double(min(confirmations, 3)) / 3
            // A misread digit, unless two lines print the same amount: OCR seldom misreads one digit alike twice.
            f["one_digit_from_sum"] = onLine != nil && confirmations == 0 && (parsed.printedCounts[value] ?? 0) < 2
                && sums.contains { ReceiptResolver.oneDigitApart($0, value) } ? 1 : 0
            // A printed total nothing confirms while a sum of other printed amounts reaches something else.
            f["contradicted_by_sum"] = onLine != nil && confirmations == 0 && !sums.isEmpty && !sums.contains(value) ? 1 : 0
            return FieldCandidate(value: value, confidence: 0, lineIndex: onLine?.line,
                                  reason: onLine != nil ? "printed total" : "receipt arithmetic", features: f.filter { $0.value != 0 })
        }
    }

    /// Amounts printed on three lines or more, proposed even when no label on them was read: a
    /// total whose own label OCR garbled ("ang 25.15") is printed again as the amount paid and as
    /// the items' sum. (Twice, on the tuning half: one total more with PP-OCR's text, one fewer
    /// with Tesseract's; three times: one more, none fewer.) The features then decide.
    private var repeatedAmounts: [Decimal] {
        parsed.printedCounts.filter { $0.value >= 3 && $0.key > 0 }.keys.sorted()
    }

    /// A subtotal printed below the tax line, with the amount before tax printed too
    /// ("Gross Amount 40.00 / Total GST 2.40 / Sub Total 42.40"), already holds the tax.
    private func includesTax(_ sub: Decimal) -> Bool {
        let tax = plausibleTax
        guard tax > 0, parsed.printedCounts[rounded(sub - tax)] != nil,
              let subLine = parsed.subtotals.last(where: { same($0.value, sub) })?.lineIndex else { return false }
        let taxLines = parsed.taxTotals.filter { same($0.value, tax) }.compactMap(\.lineIndex)
            + parsed.taxes.filter { same($0.amount, tax) }.map(\.lineIndex)
        return taxLines.contains { $0 < subLine }
    }

    /// A tax larger than half the subtotal is another amount misread as a tax line ("TOTAL GST INCLUSIVE 177.22").
    private var plausibleTax: Decimal {
        guard let tax else { return 0 }
        if let base = subtotal ?? parsed.subtotals.last?.value, tax * 2 > base { return 0 }
        return tax
    }

    private func isAdjustment(_ value: Decimal) -> Bool {
        abs(value) < Self.largestAdjustment
    }

    private func rounded(_ value: Decimal) -> Decimal {
        LineItemExtractor.rounded(value, scale: 2)
    }

    private func same(_ a: Decimal, _ b: Decimal) -> Bool {
        rounded(a) == rounded(b)
    }
}
