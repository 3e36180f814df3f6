/// Merchant abbreviations on receipt lines and what they stand for ("AVOC" →
/// "avocado"). The store keeps the person's table (`product_abbreviations`);
/// `standard` is what a new store starts with.
public struct AbbreviationTable: Hashable, Sendable {
    /// Folded abbreviation → folded expansion.
    public private(set) var entries: [String: String]

    public init(_ entries: [String: String]) {
        self.entries = [:]
        for (abbreviation, expansion) in entries { set(abbreviation, expansion) }
    }

    public static let standard = AbbreviationTable([
        "AVOC": "avocado", "BNLS": "boneless", "CHKN": "chicken", "BRST": "breast", "ORG": "organic",
        "KS": "kirkland signature", "GV": "great value", "NN": "no name", "PC": "president's choice",
        "WHT": "white", "WHL": "whole", "GRD": "ground", "BF": "beef", "PK": "pork", "VEG": "vegetable",
        "TOM": "tomato", "POT": "potato", "STRWB": "strawberry", "BLUEB": "blueberry", "YOG": "yogurt",
        "CHS": "cheese", "BRD": "bread", "JCE": "juice", "FRZ": "frozen", "LG": "large", "SM": "small",
    ])

    public func expansion(of word: String) -> String? {
        entries[ProductName.normalized(word)]
    }

    public mutating func set(_ abbreviation: String, _ expansion: String) {
        let key = ProductName.normalized(abbreviation)
        guard !key.isEmpty, !key.contains(" ") else { return }
        let value = ProductName.normalized(expansion)
        entries[key] = value.isEmpty ? nil : value
    }
}
