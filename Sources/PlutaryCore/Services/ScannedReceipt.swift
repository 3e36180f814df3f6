/// What scanning one image gives: the parsed receipt and the words it was read
/// from, with their places on the image.
public struct ScannedReceipt: Sendable {
    public var payload: ReceiptPayload
    public var words: [ReceiptWord]

    public init(payload: ReceiptPayload, words: [ReceiptWord] = []) {
        self.payload = payload
        self.words = words
    }
}
