import Foundation

/// A product name reduced to what identifies the product: lower case, no
/// accents, single spaces. "Bananes  BIO" and "bananes bio" are one product.
public enum ProductName {
    public static func normalized(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .components(separatedBy: .whitespacesAndNewlines)
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
