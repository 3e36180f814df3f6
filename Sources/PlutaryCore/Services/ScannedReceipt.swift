/// What scanning one image gives: the parsed receipt and the words it was read
/// from, with their places on the image.
public struct ScannedReceipt: Sendable {
    public var payload: ReceiptPayload
    public var words: [ReceiptWord]
    /// The receipt's paper in the image, clockwise from the top left, when it was read cut
    /// out of a larger picture (a phone photo).
    public var paper: [SIMD2<Double>]?

    public init(payload: ReceiptPayload, words: [ReceiptWord] = [], paper: [SIMD2<Double>]? = nil) {
        self.payload = payload
        self.words = words
        self.paper = paper
    }
}
