/// Why ONNX Runtime could not load a library or model, or run one, in its own words.
struct ORTSessionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
