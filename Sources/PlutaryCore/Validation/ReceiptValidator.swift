import Foundation

/// Checks a receipt's own arithmetic and required fields. Pure: the same
/// payload always gives the same issues, so the review screen can run it on
/// every keystroke.
public enum ReceiptValidator {
    /// "Within a cent": one minor unit of slack for rounding printed on receipts.
    static let tolerance: Int64 = 1

    public static func issues(in payload: ReceiptPayload) -> [ReceiptIssue] {
        var issues: [ReceiptIssue] = []
        let date = payload.purchaseDate?.trimmingCharacters(in: .whitespaces) ?? ""
        if date.isEmpty {
            issues.append(.missingDate)
        } else if !isDay(date) {
            issues.append(.invalidDate(date))
        }

        let code = payload.currency?.trimmingCharacters(in: .whitespaces).uppercased() ?? ""
        if code.isEmpty {
            issues.append(.missingCurrency)
        } else if Currency.named(code) == nil {
            issues.append(.unknownCurrency(code))
        }
        let currency = code.isEmpty ? "XXX" : code

        func amount(_ field: ReceiptField) -> Money? {
            guard let text = field.value(in: payload)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            guard let money = AmountText.money(text, currency: currency) else {
                issues.append(.invalidAmount(field, text))
                return nil
            }
            return money
        }
        let subtotal = amount(.subtotalAmount)
        let taxField = amount(.taxAmount)
        let tip = amount(.tipAmount)
        let total = amount(.totalAmount)
        if (payload.totalAmount?.trimmingCharacters(in: .whitespaces) ?? "").isEmpty { issues.append(.missingTotal) }
        // A tax amount left empty falls back to the tax lines the parser read.
        let taxLines = payload.taxes.compactMap { AmountText.money($0.amount, currency: currency) }
        let tax = taxField ?? (taxLines.isEmpty ? nil : taxLines.reduce(zero(currency), +))

        var itemsSum = zero(currency)
        var unpriced = 0
        for (index, item) in payload.lineItems.enumerated() {
            let text = item.total.trimmingCharacters(in: .whitespaces)
            if !item.quantity.trimmingCharacters(in: .whitespaces).isEmpty, AmountText.quantity(item.quantity) == nil {
                issues.append(.invalidQuantity(item: index + 1, text: item.quantity))
            }
            if text.isEmpty { unpriced += 1; continue }
            guard let money = AmountText.money(text, currency: currency) else {
                issues.append(.invalidItemAmount(item: index + 1, text: text))
                continue
            }
            if money.minorUnits == 0 { unpriced += 1 }
            if item.priceInferred == true { issues.append(.itemPriceInferred(item: index + 1)) }
            itemsSum = itemsSum + money
        }
        if unpriced > 0 { issues.append(.itemsWithoutPrice(unpriced)) }

        let extras = (tax?.minorUnits ?? 0) + (tip?.minorUnits ?? 0)
        let tipOnly = tip?.minorUnits ?? 0
        if !payload.lineItems.isEmpty {
            if let subtotal {
                if !close(itemsSum.minorUnits, subtotal.minorUnits) {
                    issues.append(.itemsDoNotMatchSubtotal(items: itemsSum, subtotal: subtotal))
                }
            } else if let total, !close(itemsSum.minorUnits + extras, total.minorUnits),
                      !close(itemsSum.minorUnits + tipOnly, total.minorUnits) {
                issues.append(.itemsDoNotMatchTotal(items: itemsSum, total: total))
            }
        }
        if let subtotal, let total {
            let expected = subtotal.minorUnits + extras
            // Prices with tax included (VAT receipts): the tax is part of the subtotal already.
            if !close(expected, total.minorUnits), !close(subtotal.minorUnits + tipOnly, total.minorUnits) {
                issues.append(.totalDoesNotAddUp(expected: Money(minorUnits: expected, currency: currency), total: total))
            }
        }
        return issues
    }

    private static func zero(_ currency: String) -> Money { Money(minorUnits: 0, currency: currency) }

    private static func close(_ a: Int64, _ b: Int64) -> Bool { abs(a - b) <= tolerance }

    /// A real calendar day written as YYYY-MM-DD ("2026-02-30" is not one).
    public static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }
}
