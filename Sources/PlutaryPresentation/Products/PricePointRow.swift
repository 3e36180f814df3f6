import PlutaryCore

/// One purchase in a product's history, formatted: the receipts it came from.
public struct PricePointRow: Hashable, Sendable, Identifiable {
    public let id: Int
    public let date: String
    public let merchant: String
    public let price: String
    public let description: String
    public let receiptId: String

    public init(index: Int, point: PricePoint, days: DayFormatter, money: MoneyFormatter) {
        id = index
        date = days.string(fromISO: point.day)
        merchant = point.merchant ?? tr("Unknown merchant")
        let amount = money.string(from: point.price)
        price = point.unit.map { String(format: tr("%@/%@"), amount, $0) } ?? amount
        description = point.description
        receiptId = point.receiptId
    }
}
