/// One recognised word with its place on the image.
public struct OCRWord: Sendable, Codable, Equatable {
    public var text: String
    public var box: OCRBox
    /// Tesseract's confidence, 0...100.
    public var confidence: Double
    /// Index into `OCRResult.lines` of the line holding this word.
    public var lineIndex: Int

    public init(text: String, box: OCRBox, confidence: Double, lineIndex: Int) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.lineIndex = lineIndex
    }
}
