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
        let lineSum = taxes.isEmpty ? nil : rounded(taxes.suffix(perRole * 2).reduce(Decimal(0)) { $0 + $1.amount })
        var proposed: [(value: Decimal, line: Int?, reason: String, printedTotal: Bool)] = []
        for (position, tax) in parsed.taxTotals.suffix(perRole).enumerated() {
            proposed.append((rounded(tax.value), tax.lineIndex, position == 0 ? "first tax total" : tax.reason, true))
        }
        if let lineSum { proposed.append((lineSum, nil, "sum of tax lines", false)) }
        for tax in taxes.suffix(perRole) where taxes.count > 1 { proposed.append((rounded(tax.amount), tax.lineIndex, tax.name, false)) }

        let largestSubtotal = subtotals.max()
        var seen = Set<Decimal>()
        return proposed.compactMap { candidate in
            guard seen.insert(candidate.value).inserted else { return nil }
            let value = candidate.value
            // No tax is half the purchase (VAT is at most 27 % of the net): such an amount is another
            // one read on a tax line, never the tax.
            if largestSubtotal.map({ value * 2 > $0 }) == true { return nil }
            var f: [String: Double] = [:]
            f["tax_total_line"] = candidate.printedTotal ? 1 : 0
            f["first_tax_total"] = candidate.reason == "first tax total" ? 1 : 0
            f["sum_of_tax_lines"] = value == lineSum ? 1 : 0
            f["single_tax_line"] = !candidate.printedTotal && value != lineSum ? 1 : 0
            f["subtotal_plus_is_total"] = subtotals.contains { totals.contains(rounded($0 + value)) } && value > 0 ? 1 : 0
            // A total's amount on a tax line: mostly a VAT table's total row ("TOTAL : 4.60  0.28"), sometimes the purchase's.
            f["implausible"] = totals.contains(value) ? 1 : 0
            f["zero"] = value == 0 ? 1 : 0
            return FieldCandidate(value: value, confidence: 0, lineIndex: candidate.line, reason: candidate.reason,
                                  features: f.filter { $0.value != 0 })
        }
    }

    private func rounded(_ value: Decimal) -> Decimal {
        LineItemExtractor.rounded(value, scale: 2)
    }
}
