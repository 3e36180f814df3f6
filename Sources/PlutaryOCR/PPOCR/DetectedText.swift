/// One text region the detector found: its quad in source-image pixels and the mean text
/// probability inside it.
struct DetectedText: Equatable, Sendable {
    var quad: TextQuad
    var score: Double
}
