import Foundation

/// Turns what a person types into an FTS5 query: every word must match, each
/// as a prefix, with FTS syntax characters neutralised.
enum SearchQuery {
    static func fts(_ text: String) -> String? {
        let words = text
            .components(separatedBy: CharacterSet.alphanumerics.inverted)
            .filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
