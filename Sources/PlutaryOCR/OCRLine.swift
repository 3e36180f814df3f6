/// One recognised text line with its place on the image.
public struct OCRLine: Sendable, Codable, Equatable {
    public var text: String
    public var box: OCRBox
    /// Tesseract's confidence, 0...100.
    public var confidence: Double

    public init(text: String, box: OCRBox, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}
