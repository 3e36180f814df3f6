import Foundation
import Testing
@testable import PlutaryCore

@Suite("Candidate scores")
struct CandidateScorerTests {
    /// Equal features score equal, however their dictionary iterates: a split payment's two tenders
    /// (gift card 20.00, card 42.00) have the same features, and a last-bit difference had chosen
    /// between them differently from run to run.
    @Test func equalFeaturesScoreEqualInAnyDictionaryOrder() {
        let values: [(String, Double)] = [("a", 1e16), ("b", 1), ("c", -1e16), ("d", 1), ("e", 0.1), ("f", 0.2), ("g", 0.3),
                                          ("h", 1e-3), ("i", 7), ("j", -3.3)]
        let weights = Dictionary(uniqueKeysWithValues: values.map { ($0.0, 1.0) })
        let scores = [4, 16, 64, 256].map { capacity in
            var features = [String: Double](minimumCapacity: capacity)
            for (key, value) in values.reversed() { features[key] = value }
            return CandidateScorer.score(features, weights: weights)
        }
        #expect(Set(scores).count == 1)
        #expect(scores.first == values.map(\.1).sorted().reduce(0, +))
    }
}
