import Foundation

/// Every printed subtotal, with the features `ScoringWeights.subtotal` weighs: whether the
/// items add up to it (the items sum decides between two readings of the line), whether a
/// tax brings it to a printed total, and where it sits. Nothing here decides; the weights do.
struct SubtotalCandidates {
    let parsed: ParsedReceipt
    let itemsNet: Decimal

    func candidates() -> [FieldCandidate<Decimal>] {
        let subtotals = parsed.subtotals.suffix(TotalCandidates.perRole * 2)
        let totals = Set(parsed.totals.suffix(TotalCandidates.perRole).map { rounded($0.value) })
        let taxes = Set(parsed.taxTotals.suffix(TotalCandidates.perRole).map(\.value) + parsed.taxes.suffix(TotalCandidates.perRole).map(\.amount)
            + [parsed.taxes.suffix(TotalCandidates.perRole).reduce(Decimal(0)) { $0 + $1.amount }])
        let firstTotalLine = parsed.totals.compactMap(\.lineIndex).min()
        let lastBeforeTotal = subtotals.last { ($0.lineIndex ?? 0) < (firstTotalLine ?? .max) }?.lineIndex
        let lineCount = Double(max(1, parsed.lineCount))
        var counts: [Decimal: Int] = [:]
        for subtotal in subtotals { counts[rounded(subtotal.value), default: 0] += 1 }
        return subtotals.map { candidate in
            let value = rounded(candidate.value)
            var f: [String: Double] = [:]
            f["items_sum"] = parsed.items.isEmpty ? 0 : (value == rounded(itemsNet) ? 1 : -1)
            f["plus_tax_is_total"] = taxes.contains { $0 > 0 && totals.contains(rounded(value + $0)) } ? 1 : 0
            f["is_total"] = totals.contains(value) ? 1 : 0
            f["last_before_total"] = candidate.lineIndex == lastBeforeTotal ? 1 : 0
            f["after_total"] = (candidate.lineIndex ?? 0) > (firstTotalLine ?? .max) ? 1 : 0
            f["position"] = Double(candidate.lineIndex ?? 0) / lineCount
            f["repeated"] = (counts[value] ?? 0) > 1 ? 1 : 0
            f["zero"] = value == 0 ? 1 : 0
            return FieldCandidate(value: candidate.value, confidence: 0, lineIndex: candidate.lineIndex, reason: candidate.reason,
                                  features: f.filter { $0.value != 0 })
        }
    }

    private func rounded(_ value: Decimal) -> Decimal {
        LineItemExtractor.rounded(value, scale: 2)
    }
}
