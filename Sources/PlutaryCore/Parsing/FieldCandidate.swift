import Foundation

/// One possible value of a receipt field, with how sure the parser is (0...1)
/// and where it was read, so arithmetic can later confirm or overrule it.
public struct FieldCandidate<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var confidence: Double
    /// Index into `ReceiptText.lines`, nil for derived values.
    public var lineIndex: Int?
    /// Why this is a candidate, e.g. "GRAND TOTAL", "tender minus change".
    public var reason: String
    /// What the scoring function weighs (`ScoringWeights`), by feature name; empty for
    /// fields still chosen by `confidence` alone.
    public var features: [String: Double]

    public init(value: Value, confidence: Double, lineIndex: Int? = nil, reason: String, features: [String: Double] = [:]) {
        self.value = value
        self.confidence = confidence
        self.lineIndex = lineIndex
        self.reason = reason
        self.features = features
    }
}
