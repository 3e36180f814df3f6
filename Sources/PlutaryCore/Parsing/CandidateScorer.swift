import Foundation

/// The one scoring function for field candidates: a linear score of their features with
/// the fitted `ScoringWeights`; the highest score wins, and the candidates' softmax is
/// the winner's confidence (the fit maximises exactly that probability of the right one).
enum CandidateScorer {
    /// The terms summed smallest first: a dictionary's order changes from run to run (Swift seeds its
    /// hashing per process), and floating-point sums in another order differ in the last bit, which
    /// decided between candidates with equal features differently from one run to the next. (Sorting
    /// the numbers costs less than sorting the names.)
    static func score(_ features: [String: Double], weights: [String: Double]) -> Double {
        features.map { (weights[$0.key] ?? 0) * $0.value }.sorted().reduce(0, +)
    }

    /// Every candidate with `confidence` set to its probability, in the given order.
    static func scored<Value>(_ candidates: [FieldCandidate<Value>], weights: [String: Double]) -> [FieldCandidate<Value>] {
        let scores = candidates.map { score($0.features, weights: weights) }
        guard let top = scores.max() else { return [] }
        let exps = scores.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return zip(candidates, exps).map { candidate, weight in
            var candidate = candidate
            candidate.confidence = weight / sum
            return candidate
        }
    }

    /// The most probable of scored candidates; on equal scores the earlier one (printed before derived).
    static func top<Value>(_ scored: [FieldCandidate<Value>]) -> FieldCandidate<Value>? {
        scored.enumerated().max { a, b in
            a.element.confidence < b.element.confidence || (a.element.confidence == b.element.confidence && a.offset > b.offset)
        }?.element
    }
}
