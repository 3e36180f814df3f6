import Foundation
import Testing
@testable import PlutaryCore

struct ReceiptValidatorTests {
    private let english = MoneyFormatter(locale: Locale(identifier: "en_US"))

    private func receipt(subtotal: String? = "10.00", tax: String? = "1.30", tip: String? = nil, total: String? = "11.30",
                         items: [String] = ["4.00", "6.00"], currency: String? = "CAD", date: String? = "2026-03-14") -> ReceiptPayload {
        ReceiptPayload(merchantName: "Shop", purchaseDate: date, currency: currency, subtotalAmount: subtotal, taxAmount: tax,
                       tipAmount: tip, totalAmount: total,
                       lineItems: items.enumerated().map { LineItemPayload(description: "item \($0.offset)", total: $0.element) })
    }

    @Test func aConsistentReceiptHasNoIssues() {
        #expect(ReceiptValidator.issues(in: receipt()).isEmpty)
        // A cent of rounding is allowed, as receipts print it.
        #expect(ReceiptValidator.issues(in: receipt(total: "11.31")).isEmpty)
        // Tip counts towards the total.
        #expect(ReceiptValidator.issues(in: receipt(tip: "2.00", total: "13.30")).isEmpty)
        // VAT receipts: the tax is already inside the subtotal.
        #expect(ReceiptValidator.issues(in: receipt(tax: "1.60", total: "10.00")).isEmpty)
    }

    @Test func itemsThatDoNotAddUpToTheSubtotalAreNamedWithFormattedAmounts() {
        let issues = ReceiptValidator.issues(in: receipt(items: ["4.00", "5.00"]))
        #expect(issues == [.itemsDoNotMatchSubtotal(items: Money(minorUnits: 900, currency: "CAD"), subtotal: Money(minorUnits: 1000, currency: "CAD"))])
        #expect(issues[0].message(english) == "The items add up to CA$9.00, but the subtotal is CA$10.00.")
        #expect(issues[0].field == .subtotalAmount)
    }

    @Test func aTotalThatIsNotSubtotalPlusTaxAndTipWarnsBeyondACent() {
        let issues = ReceiptValidator.issues(in: receipt(tip: "1.00", total: "11.30"))
        #expect(issues == [.totalDoesNotAddUp(expected: Money(minorUnits: 1230, currency: "CAD"), total: Money(minorUnits: 1130, currency: "CAD"))])
        #expect(issues[0].message(english) == "Subtotal, tax and tip add up to CA$12.30, but the total is CA$11.30.")
        #expect(ReceiptValidator.issues(in: receipt(total: "11.32")).count == 1)
    }

    @Test func withoutASubtotalItemsAreCheckedAgainstTheTotal() {
        #expect(ReceiptValidator.issues(in: receipt(subtotal: nil, total: "11.30")).isEmpty)
        let issues = ReceiptValidator.issues(in: receipt(subtotal: nil, total: "15.00"))
        #expect(issues == [.itemsDoNotMatchTotal(items: Money(minorUnits: 1000, currency: "CAD"), total: Money(minorUnits: 1500, currency: "CAD"))])
    }

    @Test func missingAndMalformedFieldsAreReported() {
        #expect(ReceiptValidator.issues(in: receipt(date: nil)) == [.missingDate])
        #expect(ReceiptValidator.issues(in: receipt(date: "2026-02-30")) == [.invalidDate("2026-02-30")])
        #expect(ReceiptValidator.issues(in: receipt(subtotal: nil, total: nil)) == [.missingTotal])
        #expect(ReceiptValidator.issues(in: receipt(currency: "XYZ")) == [.unknownCurrency("XYZ")])
        #expect(ReceiptValidator.issues(in: receipt(currency: nil)) == [.missingCurrency])
        #expect(ReceiptValidator.issues(in: receipt(tip: "abc")) == [.invalidAmount(.tipAmount, "abc")])
        #expect(ReceiptValidator.issues(in: receipt(total: "x")) == [.invalidAmount(.totalAmount, "x")])
        #expect(ReceiptValidator.issues(in: receipt(items: ["4.00", "6.00", ""])) == [.itemsWithoutPrice(1)])
        #expect(ReceiptIssue.itemsWithoutPrice(2).message(english) == "2 items have no price.")
    }

    @Test func amountsInTheCurrencysOwnPrecision() {
        let yen = ReceiptPayload(purchaseDate: "2026-01-02", currency: "JPY", subtotalAmount: "1200", taxAmount: "96",
                                 totalAmount: "1296", lineItems: [LineItemPayload(description: "お茶", total: "1200")])
        #expect(ReceiptValidator.issues(in: yen).isEmpty)
        var off = yen
        off.totalAmount = "1300"
        #expect(ReceiptValidator.issues(in: off).first?.message(english) == "Subtotal, tax and tip add up to ¥1,296, but the total is ¥1,300.")
    }

    @Test func amountTextAcceptsWhatPeopleType() {
        #expect(AmountText.normalized("12,50", currency: "EUR") == "12.50")
        #expect(AmountText.normalized(" 1.234,56 ", currency: "EUR") == "1234.56")
        #expect(AmountText.normalized("1,234.56", currency: "CAD") == "1234.56")
        #expect(AmountText.normalized("1,234", currency: "CAD") == "1234.00")
        #expect(AmountText.normalized("1,234", currency: "KWD") == "1.234")
        #expect(AmountText.normalized("-3", currency: "CAD") == "-3.00")
        #expect(AmountText.normalized("12.505", currency: "CAD") == nil)
        #expect(AmountText.normalized("twelve", currency: "CAD") == nil)
        #expect(AmountText.quantity("0,840") == "0.840")
        #expect(AmountText.quantity("0") == nil)
    }
}
