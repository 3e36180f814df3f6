import Foundation

/// An ISO 4217 currency: its code says how many minor-unit digits amounts carry.
public struct Currency: Hashable, Sendable, Codable {
    public let code: String
    public let exponent: Int
    public let symbol: String
    public let name: String

    public init(code: String, exponent: Int, symbol: String, name: String) {
        self.code = code
        self.exponent = exponent
        self.symbol = symbol
        self.name = name
    }

    /// The currencies the app knows; the store seeds its `currencies` table from this list.
    public static let known: [Currency] = [
        Currency(code: "CAD", exponent: 2, symbol: "CA$", name: "Canadian dollar"),
        Currency(code: "USD", exponent: 2, symbol: "US$", name: "US dollar"),
        Currency(code: "EUR", exponent: 2, symbol: "€", name: "Euro"),
        Currency(code: "GBP", exponent: 2, symbol: "£", name: "Pound sterling"),
        Currency(code: "CHF", exponent: 2, symbol: "CHF", name: "Swiss franc"),
        Currency(code: "CNY", exponent: 2, symbol: "CN¥", name: "Chinese yuan"),
        Currency(code: "JPY", exponent: 0, symbol: "¥", name: "Japanese yen"),
        Currency(code: "KRW", exponent: 0, symbol: "₩", name: "South Korean won"),
        Currency(code: "MYR", exponent: 2, symbol: "RM", name: "Malaysian ringgit"),
        Currency(code: "SGD", exponent: 2, symbol: "S$", name: "Singapore dollar"),
        Currency(code: "AUD", exponent: 2, symbol: "A$", name: "Australian dollar"),
        Currency(code: "HKD", exponent: 2, symbol: "HK$", name: "Hong Kong dollar"),
        Currency(code: "MXN", exponent: 2, symbol: "MX$", name: "Mexican peso"),
        Currency(code: "SEK", exponent: 2, symbol: "kr", name: "Swedish krona"),
        Currency(code: "NOK", exponent: 2, symbol: "kr", name: "Norwegian krone"),
        Currency(code: "DKK", exponent: 2, symbol: "kr", name: "Danish krone"),
        Currency(code: "PLN", exponent: 2, symbol: "zł", name: "Polish złoty"),
        Currency(code: "INR", exponent: 2, symbol: "₹", name: "Indian rupee"),
        Currency(code: "KWD", exponent: 3, symbol: "KD", name: "Kuwaiti dinar"),
        Currency(code: "BHD", exponent: 3, symbol: "BD", name: "Bahraini dinar"),
    ]

    private static let byCode: [String: Currency] = Dictionary(uniqueKeysWithValues: known.map { ($0.code, $0) })

    /// The currency for a code, or nil when the app does not know it.
    public static func named(_ code: String) -> Currency? {
        byCode[code.uppercased()]
    }

    /// Exponent for a code; unknown codes get ISO 4217's common 2.
    public static func exponent(of code: String) -> Int {
        named(code)?.exponent ?? 2
    }
}
