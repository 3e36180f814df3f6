import Foundation
import Testing
@testable import PlutaryCore

/// A service's values are checked as typed input would be: a field that fails
/// is left out with a warning, never stored as it came.
struct RemoteValidationTests {
    /// 2026-06-15, so "a year from today" is fixed.
    let today = Date(timeIntervalSince1970: 1_781_481_600)

    @Test func amountsThatAreNotOneNumberAreRefused() {
        for text in ["--1", "1-1", "1e9999", "1e3", "12abc34", "1.2.3", "-", "$", "n/a", "1 2"] {
            #expect(RemoteFields.decimal(from: text) == nil, "\(text)")
        }
        let accepted = ["12.99": "12.99", "$ 7.00": "7.00", "-3.50": "-3.50", "-$3.50": "-3.50", "12,99 €": "12.99",
                        "1,234.50": "1234.50", "1.234,50": "1234.50", "CAD 41.02": "41.02"]
        for (text, expected) in accepted {
            #expect(RemoteFields.decimal(from: text) == expected, "\(text)")
        }
    }

    @Test func datesOutsideAPlausibleRangeAreRefused() {
        for text in ["9999999-01-01", "9999-01-01", "1969-12-31", "2026-02-30", "2027-07-01", "2026-03-01junk", "01/03/2026"] {
            #expect(RemoteReceiptMapper.day(from: text, today: today) == nil, "\(text)")
        }
        #expect(RemoteReceiptMapper.day(from: "2026-03-01T10:22:00Z", today: today) == "2026-03-01")
        #expect(RemoteReceiptMapper.day(from: "1970-01-01", today: today) == "1970-01-01")
        #expect(RemoteReceiptMapper.day(from: "2027-06-15", today: today) == "2027-06-15")
    }

    @Test func badFieldsAreLeftOutAndTheRestKept() {
        let object: [String: Any] = [
            "merchant": "Shop", "date": "9999999-01-01", "currency": "dollars", "total": "1e9999", "tax": "--1",
            "subtotal": "1-1", "tip": 1e300,
            "lineItems": [["name": "A", "total": "2.50", "quantity": "-3"], ["name": "B", "total": "100000000000000000"]],
        ]
        let payload = RemoteReceiptMapper.payload(from: object, provider: .rest, today: today)
        #expect(payload.merchantName == "Shop")
        #expect(payload.purchaseDate == nil && payload.currency == nil)
        #expect([payload.totalAmount, payload.taxAmount, payload.subtotalAmount, payload.tipAmount].allSatisfy { $0 == nil })
        #expect(payload.lineItems.map(\.description) == ["A"])
        #expect(payload.lineItems.first?.quantity == "1")
        #expect(payload.warnings.contains("date “9999999-01-01” is not a plausible purchase day; left out"))
        #expect(payload.warnings.contains("currency “dollars” is not an ISO 4217 code; left out"))
        #expect(payload.warnings.contains("line item “B” has no amount; left out"))
        #expect(payload.autoFilledFields == ["merchant_name", "line_items"])
    }

    @Test func typedAmountsFollowTheSameRule() {
        for text in ["1-1", "--1", "12abc", "1e9999"] {
            #expect(AmountText.money(text, currency: "CAD") == nil, "\(text)")
        }
        #expect(AmountText.money("1,234.56", currency: "CAD")?.minorUnits == 123_456)
    }
}
