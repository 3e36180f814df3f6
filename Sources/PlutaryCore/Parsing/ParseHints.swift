import Foundation

/// What the caller already knows about a receipt; used to break ties
/// (date order, "$" meaning CAD or USD).
public struct ParseHints: Sendable {
    public var locale: Locale?
    /// ISO 4217 code the caller expects, e.g. from the person's settings.
    public var currency: String?

    public init(locale: Locale? = nil, currency: String? = nil) {
        self.locale = locale
        self.currency = currency
    }

    /// Region of the locale ("CA", "US", "DE", "MY"), upper-cased.
    var region: String? {
        locale?.region?.identifier.uppercased()
    }
}
