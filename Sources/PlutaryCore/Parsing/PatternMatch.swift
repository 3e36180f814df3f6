import Foundation

/// One match of a `Pattern`: captured groups (index 0 is the whole match) and its
/// UTF-16 position in the searched text.
struct PatternMatch: Sendable {
    let groups: [String?]
    let location: Int
    let length: Int

    subscript(_ index: Int) -> String? {
        index < groups.count ? groups[index] : nil
    }

    var text: String { groups[0] ?? "" }
}
