import Foundation

/// A compiled regular expression that may be shared across threads.
/// Why: NSRegularExpression is immutable and thread-safe, but not marked Sendable
/// on every platform, and Swift Regex has no look-behind.
struct Pattern: @unchecked Sendable {
    private let regex: NSRegularExpression

    init(_ pattern: String, caseInsensitive: Bool = true) {
        // The patterns are literals in this module; a bad one is a programming error.
        regex = try! NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
    }

    func matches(in text: String) -> [PatternMatch] {
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { result in
            let groups = (0..<result.numberOfRanges).map { index -> String? in
                let range = result.range(at: index)
                return range.location == NSNotFound ? nil : ns.substring(with: range)
            }
            return PatternMatch(groups: groups, location: result.range.location, length: result.range.length)
        }
    }

    func firstMatch(in text: String) -> PatternMatch? {
        matches(in: text).first
    }

    func isMatched(by text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
    }
}
