import PlutaryCore

/// One receipt to check in the review screen: freshly scanned (no id yet) or
/// reopened from the store, with the image it came from when there is one.
public struct ReviewItem: Sendable, Equatable {
    public var payload: ReceiptPayload
    /// The image as stored in the data folder (or the original file for an in-memory store).
    public var imagePath: String?
    /// What a remote analysis service read from the image, for a saved receipt it analysed.
    public var remote: ReceiptPayload?
    /// The words OCR read, in reading order, with their places on the image (a fresh scan only).
    public var words: [ReceiptWord]
    /// Where the receipt's paper was found in a photo, clockwise from the top left (a fresh scan only).
    public var paper: [SIMD2<Double>]?

    public init(payload: ReceiptPayload, imagePath: String?, remote: ReceiptPayload? = nil, words: [ReceiptWord] = [],
                paper: [SIMD2<Double>]? = nil) {
        self.payload = payload
        self.imagePath = imagePath
        self.remote = remote
        self.words = words
        self.paper = paper
    }

    /// The same receipt read again (its image turned, or its paper's corners moved): a saved
    /// receipt keeps its id, and the person's file keeps its name.
    public func reread(as scanned: ScannedReceipt, imagePath: String, imageSha256: String?) -> ReviewItem {
        var payload = scanned.payload
        payload.id = self.payload.id
        payload.imageSha256 = imageSha256
        payload.source = self.payload.source
        return ReviewItem(payload: payload, imagePath: imagePath, remote: remote, words: scanned.words, paper: scanned.paper)
    }

    /// True for a receipt that is already in the store (editing, not importing).
    public var isSaved: Bool { payload.id != nil }
}
