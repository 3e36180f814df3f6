/// A float tensor as ONNX Runtime returns it: row-major values and their shape.
struct ORTTensor: Sendable {
    var shape: [Int]
    var values: [Float]
}
