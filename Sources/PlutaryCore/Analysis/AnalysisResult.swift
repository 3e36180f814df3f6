/// What a provider read from one image.
public struct AnalysisResult: Hashable, Sendable {
    /// The receipt as the service read it, in the sync payload shape.
    public var payload: ReceiptPayload
    /// The service's own id for the receipt, when it gives one.
    public var remoteId: String?

    public init(payload: ReceiptPayload, remoteId: String? = nil) {
        self.payload = payload
        self.remoteId = remoteId
    }
}
