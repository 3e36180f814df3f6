import Foundation

/// One tax line of a receipt ("HST 13%", "MwSt B 7%").
public struct TaxLinePayload: Codable, Hashable, Sendable {
    public var name: String
    public var rate: String?
    public var amount: String

    public init(name: String, rate: String? = nil, amount: String) {
        self.name = name
        self.rate = rate
        self.amount = amount
    }
}
