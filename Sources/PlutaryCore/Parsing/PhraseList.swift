import Foundation

/// Keyword phrases a label is tested for together (`LineLabel.hasAny`), each one's `bytesHeld` and `slips`
/// also kept in arrays of their own. Most phrases are ruled out by those two numbers alone; read from the
/// phrases' objects, they cost a call, a retain and a release for every phrase on every line, and the
/// classifier tests some two hundred phrases on each.
struct PhraseList: Sendable, ExpressibleByArrayLiteral {
    let phrases: [KeywordPhrase]
    let bytesHeld: [UInt64]
    let slips: [Int]

    init(arrayLiteral phrases: KeywordPhrase...) {
        self.phrases = phrases
        bytesHeld = phrases.map(\.bytesHeld)
        slips = phrases.map(\.slips)
    }
}
