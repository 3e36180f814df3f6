import Foundation

extension ParsedReceipt {
    /// The candidates without amounts beyond `Money.limit` (OCR can run digits
    /// together into "100000000000000000"): no receipt holds them, and a money
    /// field cannot store them, so they are dropped rather than chosen.
    func withinMoneyLimit(exponent: Int) -> ParsedReceipt {
        let bound = Decimal(Money.limit) / Money.powerOfTen(exponent)
        func fits(_ value: Decimal) -> Bool { value.isFinite && abs(value) <= bound }
        func fitting(_ candidates: [FieldCandidate<Decimal>]) -> [FieldCandidate<Decimal>] { candidates.filter { fits($0.value) } }
        var result = self
        result.totals = fitting(totals)
        result.subtotals = fitting(subtotals)
        result.taxTotals = fitting(taxTotals)
        result.tips = fitting(tips)
        result.tenders = fitting(tenders)
        result.changes = fitting(changes)
        result.roundings = fitting(roundings)
        result.savings = fitting(savings)
        result.taxes = taxes.filter { fits($0.amount) }
        result.items = items.filter { item in
            fits(item.total) && item.unitPrice.map(fits) != false && item.discount.map(fits) != false
        }
        result.printedAmounts = printedAmounts.filter(fits)
        return result
    }
}
