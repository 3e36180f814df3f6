import Foundation

/// Every amount that could be the receipt's tax: a printed tax total ("TOTAL GST"), the sum of
/// the tax lines, or a single tax line; each with the features `ScoringWeights.tax` weighs,
/// above all whether a printed subtotal plus it gives a printed total.
struct TaxCandidates {
    let parsed: ParsedReceipt
    /// The tax lines, each counted once.
    let taxes: [ParsedTax]

    func candidates() -> [FieldCandidate<Decimal>] {
        let perRole = TotalCandidates.perRole
        let subtotals = Set(parsed.subtotals.suffix(perRole).map { rounded($0.value) })
        let totals = Set(parsed.totals.suffix(perRole).map { rounded($0.value) })
        // A tax line's amount is its rate of the purchase at most: "GST 5% 6.50" on 16.61 is 0.50 misread.
        // The purchase is the largest of subtotal, total and what was paid (any of them may be misread
        // small), and the bound is loose by three times, as OCR misreads rates too ("C 1%" for 19 %).
        let paid = Set(parsed.tenders.suffix(perRole).map { rounded($0.value) })
        let purchase = subtotals.union(totals).union(paid).max()
        let plausible = taxes.filter { tax in
            guard let rate = tax.rate, rate > 0, let purchase else { return true }   // "6 00%" is no zero rate
            return tax.amount <= 3 * rounded(purchase * rate / 100) + Decimal(string: "0.01")!
        }
        let lineSum = plausible.isEmpty ? nil : rounded(plausible.suffix(perRole * 2).reduce(Decimal(0)) { $0 + $1.amount })
        var proposed: [(value: Decimal, line: Int?, reason: String, printedTotal: Bool)] = []
        for (position, tax) in parsed.taxTotals.suffix(perRole).enumerated() {
            proposed.append((rounded(tax.value), tax.lineIndex, position == 0 ? "first tax total" : tax.reason, true))
        }
        if let lineSum { proposed.append((lineSum, nil, "sum of tax lines", false)) }
        for tax in plausible.suffix(perRole) where plausible.count > 1 { proposed.append((rounded(tax.amount), tax.lineIndex, tax.name, false)) }

        // No tax is half the purchase (VAT is at most 27 % of the net): such an amount is another one
        // read on a tax line, never the tax. Without a subtotal, the largest total or payment is the purchase.
        let base = subtotals.max() ?? totals.union(paid).max()
        proposed.removeAll { candidate in base.map { candidate.value * 2 > $0 } == true }
        // When a tax the receipt prints was misread so, or OCR garbled its amount, what the total adds
        // to the subtotal is the tax.
        let addsUp = { (tax: Decimal) in tax > 0 && subtotals.contains { totals.contains(self.rounded($0 + tax)) } }
        if proposed.isEmpty && (!taxes.isEmpty || !parsed.taxTotals.isEmpty)
            || parsed.unreadTaxLines > 0 && !proposed.contains(where: { addsUp($0.value) }),
           let added = totalLessSubtotal(subtotals) {
            proposed.append((added, nil, "total less subtotal", false))
        }
        var seen = Set<Decimal>()
        return proposed.compactMap { candidate in
            guard seen.insert(candidate.value).inserted else { return nil }
            let value = candidate.value
            var f: [String: Double] = [:]
            f["tax_total_line"] = candidate.printedTotal ? 1 : 0
            f["first_tax_total"] = candidate.reason == "first tax total" ? 1 : 0
            f["sum_of_tax_lines"] = value == lineSum ? 1 : 0
            f["single_tax_line"] = !candidate.printedTotal && value != lineSum ? 1 : 0
            f["subtotal_plus_is_total"] = addsUp(value) ? 1 : 0
            // A total's amount on a tax line: mostly a VAT table's total row ("TOTAL : 4.60  0.28"), sometimes the purchase's.
            f["implausible"] = totals.contains(value) ? 1 : 0
            f["zero"] = value == 0 ? 1 : 0
            return FieldCandidate(value: value, confidence: 0, lineIndex: candidate.line, reason: candidate.reason,
                                  features: f.filter { $0.value != 0 })
        }
    }

    /// The last total's excess over a subtotal, less a tip and a rounding printed, when it is a tax's
    /// size (above nothing, at most 27 %).
    private func totalLessSubtotal(_ subtotals: Set<Decimal>) -> Decimal? {
        guard let total = parsed.totals.last.map({ rounded($0.value) }) else { return nil }
        let others = (parsed.tips.first?.value ?? 0) + (parsed.roundings.last.map { abs($0.value) < 1 ? $0.value : 0 } ?? 0)
        return subtotals.sorted().reversed().lazy.map { total - $0 - others }.first { $0 > 0 && $0 * 100 <= total * 27 }
    }

    private func rounded(_ value: Decimal) -> Decimal {
        LineItemExtractor.rounded(value, scale: 2)
    }
}
