import Foundation
import Testing
@testable import PlutaryCore

@Suite("T&T receipts")
struct TNTStrategyTests {
    static let receipt = """
    大统华超级市场
    T&T Supermarket
    Markham Store
    8500 Warden Ave, Markham ON L6G 1A5
    2023-11-05  18:22
    白菜 Bok Choy                 $2.99
    老干妈辣椒 Chili Sauce          $4.49 H
    五花肉 Pork Belly
      0.840 kg @ $3.26/kg         $2.74
    豆腐 Tofu  2 @ $1.99           $3.98
    SUBTOTAL                     $14.20
    HST                           $0.58
    TOTAL                        $14.78
    MASTERCARD                   $14.78
    """

    @Test func keepsMixedNamesWholeWithPriceAtTheRight() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(ReceiptParser().strategy(for: ReceiptText(Self.receipt)).name == "tnt")
        #expect(payload.merchantName == "T&T Supermarket")
        #expect(payload.lineItems.map(\.description) == ["白菜 Bok Choy", "老干妈辣椒 Chili Sauce", "五花肉 Pork Belly", "豆腐 Tofu"])
        #expect(payload.lineItems.map(\.total) == ["2.99", "4.49", "2.74", "3.98"])
    }

    @Test func weighedAndMultipleItems() {
        let items = ReceiptParser().parse(ocrText: Self.receipt).lineItems
        #expect(items[2].quantity == "0.840")
        #expect(items[2].unit == "kg")
        #expect(items[2].unitPrice == "3.26")
        #expect(items[3].quantity == "2")
        #expect(items[3].unitPrice == "1.99")
    }

    @Test func summary() {
        let payload = ReceiptParser().parse(ocrText: Self.receipt)
        #expect(payload.purchaseDate == "2023-11-05")
        #expect(payload.currency == "CAD")
        #expect(payload.totalAmount == "14.78")
        #expect(payload.subtotalAmount == "14.20")
        #expect(payload.paymentMethod == "Mastercard")
        #expect(payload.warnings.isEmpty)
    }
}
