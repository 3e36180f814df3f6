import Foundation

/// Finds the product a receipt line belongs to, in this order: an alias the
/// person made by merging or splitting; the same key; one part of a bilingual
/// name ("白菜 Bok Choy" matches "Bok Choy" and "白菜"); then a fuzzy match
/// (trigram candidates, accepted on edit-distance similarity) of the same size
/// and the same words but for OCR slips — an extra word ("ORGANIC", "XL") makes
/// another product, however long the name.
public struct ProductMatcher: Sendable {
    /// Accepted when the keys' edit-distance similarity reaches this.
    public static let threshold = 0.85

    public let abbreviations: AbbreviationTable
    private var byKey: [String: Int64] = [:]
    private var aliases: [String: Int64] = [:]
    private var byPart: [String: Int64] = [:]
    private var keys: [Int64: ProductKey] = [:]
    private var trigrams: [Int64: Trigrams] = [:]
    /// Trigram → products containing it, so a fuzzy lookup compares only candidates.
    private var postings: [String: [Int64]] = [:]

    public init(abbreviations: AbbreviationTable = .standard) {
        self.abbreviations = abbreviations
    }

    public func key(for name: String) -> ProductKey {
        ProductKey(name: name, abbreviations: abbreviations)
    }

    /// Registers a product under its key (the key as stored, or from its name).
    public mutating func add(id: Int64, key: ProductKey) {
        guard !key.isEmpty else { return }
        if byKey[key.text] == nil { byKey[key.text] = id }
        keys[id] = key
        for part in Self.parts(of: key.base) where byPart[part] == nil { byPart[part] = id }
        let grams = Trigrams(key.base)
        trigrams[id] = grams
        for gram in grams.grams { postings[gram, default: []].append(id) }
    }

    /// Names the person tied to a product (merge, split) win over every other rule.
    public mutating func addAlias(_ keyText: String, id: Int64) {
        aliases[keyText] = id
    }

    public func match(_ name: String) -> Int64? {
        match(key: key(for: name))
    }

    public func match(key: ProductKey) -> Int64? {
        guard !key.isEmpty else { return nil }
        if let id = aliases[key.text] ?? byKey[key.text] { return id }
        let parts = Self.parts(of: key.base)
        if parts.count > 1 || Self.hasHan(key.base) {
            for part in parts {
                if let id = byPart[part], keys[id]?.size == key.size { return id }
            }
        } else if let id = byPart[key.base], keys[id]?.size == key.size {
            return id
        }
        return fuzzy(key)
    }

    private func fuzzy(_ key: ProductKey) -> Int64? {
        guard key.base.count >= 4 else { return nil }
        let grams = Trigrams(key.base)
        var shared: [Int64: Int] = [:]
        for gram in grams.grams {
            for id in postings[gram] ?? [] { shared[id, default: 0] += 1 }
        }
        var best: (id: Int64, score: Double)?
        for (id, count) in shared {
            guard let candidate = keys[id], candidate.size == key.size, let other = trigrams[id] else { continue }
            // Dice from the shared count: cheap, and a floor that skips hopeless pairs.
            let dice = 2 * Double(count) / Double(grams.grams.count + other.grams.count)
            guard dice >= 0.6 else { continue }
            guard Self.sameWords(key.base, candidate.base) else { continue }
            let score = TextSimilarity.ratio(key.base, candidate.base)
            if score >= Self.threshold, score > (best?.score ?? 0) || (score == best?.score && id < best!.id) {
                best = (id, score)
            }
        }
        return best?.id
    }

    /// As many words, each the same or one slip away ("VLNE" for "VINE", "TOMATOE5").
    static func sameWords(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: " "), right = b.split(separator: " ")
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { x, y in
            x == y || (min(x.count, y.count) >= 4 && TextSimilarity.editDistance(String(x), String(y)) <= max(1, x.count / 5))
        }
    }

    /// A bilingual name split into its Chinese (Han) part and its Latin part;
    /// a name in one script is one part.
    static func parts(of base: String) -> [String] {
        var han = "", other = ""
        for scalar in base.unicodeScalars {
            if isHan(scalar) { han.unicodeScalars.append(scalar) } else { other.unicodeScalars.append(scalar) }
        }
        let latin = other.split(separator: " ").joined(separator: " ")
        if han.isEmpty { return latin.isEmpty ? [] : [latin] }
        return [han] + (latin.count >= 3 ? [latin] : [])
    }

    private static func hasHan(_ text: String) -> Bool { text.unicodeScalars.contains(where: isHan) }

    private static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
            || (0x20000...0x2A6DF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
    }
}
