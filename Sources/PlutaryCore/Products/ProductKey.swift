import Foundation

/// What identifies a product in a receipt line: the name folded (case, accents,
/// width), merchant abbreviations expanded ("AVOC" → "avocado"), and the pack
/// size split out and written one way ("1.5LB", "1,5 lb" → "1.5 lb").
/// "KS OLIVE OIL 3L" and "Ks Olive Oil 3 L" have one key; 3 L and 1 L do not.
public struct ProductKey: Hashable, Sendable {
    /// The name without its size: "kirkland signature olive oil".
    public let base: String
    /// The size, when the name carries one: "3 l", "24 ct".
    public let size: String?

    public init(base: String, size: String?) {
        self.base = base
        self.size = size
    }

    public init(name: String, abbreviations: AbbreviationTable = .standard) {
        var words: [String] = []
        var size: String?
        let folded = ProductName.normalized(name)
        let tokens = folded.split(separator: " ").map(String.init)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            // "1.5" followed by "lb": one size written with a space.
            if size == nil, index + 1 < tokens.count, Self.isNumber(token), let unit = Self.unit(tokens[index + 1]) {
                size = Self.canonicalSize(token, unit)
                index += 2
                continue
            }
            if size == nil, let found = Self.size(in: token) {
                size = found
                index += 1
                continue
            }
            words.append(abbreviations.expansion(of: token) ?? token)
            index += 1
        }
        self.base = words.joined(separator: " ")
        self.size = size
    }

    /// The key as one string, stored in `products.normalized_name`.
    public var text: String { size.map { base.isEmpty ? $0 : "\(base) \($0)" } ?? base }

    public var isEmpty: Bool { base.isEmpty && size == nil }

    /// Units a pack size is written in, folded to one spelling.
    private static let units: [String: String] = [
        "g": "g", "gr": "g", "kg": "kg", "mg": "mg", "lb": "lb", "lbs": "lb", "oz": "oz",
        "l": "l", "lt": "l", "ml": "ml", "cl": "cl",
        "ct": "ct", "pk": "pk", "pc": "pc", "pcs": "pc", "rl": "rl", "m": "m", "cm": "cm",
    ]

    private static func unit(_ text: String) -> String? { units[text] }

    private static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.first!.isNumber && text.allSatisfy { $0.isNumber || $0 == "." || $0 == "," }
            && text.filter({ $0 == "." || $0 == "," }).count <= 1
    }

    /// "3l", "1.5lb", "115ct", "2%"-free: a number glued to a known unit.
    private static func size(in token: String) -> String? {
        guard let split = token.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == ",") }), split > token.startIndex else {
            return nil
        }
        let number = String(token[..<split])
        guard isNumber(number), let unit = unit(String(token[split...])) else { return nil }
        return canonicalSize(number, unit)
    }

    private static func canonicalSize(_ number: String, _ unit: String) -> String {
        var value = number.replacingOccurrences(of: ",", with: ".")
        if value.contains(".") {
            while value.hasSuffix("0") { value.removeLast() }
            if value.hasSuffix(".") { value.removeLast() }
        }
        return "\(value) \(unit)"
    }
}
