import Foundation

/// Turns what a person types into an FTS5 query: every word must match, each
/// as a prefix, with FTS syntax characters neutralised. Only the first
/// `maxTerms` words count: each is a prefix scan, and a pasted page of 20 000
/// words took over a minute.
enum SearchQuery {
    static let maxTerms = 32

    static func fts(_ text: String) -> String? {
        let words = text
            .components(separatedBy: CharacterSet.alphanumerics.inverted)
            .lazy.filter { !$0.isEmpty }.prefix(maxTerms)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
