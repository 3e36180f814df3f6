/// One recognised word with its place on the image.
public struct OCRWord: Sendable, Codable, Equatable {
    public var text: String
    public var box: OCRBox
    /// Tesseract's confidence, 0...100.
    public var confidence: Double
    /// Index into `OCRResult.lines` of the line holding this word.
    public var lineIndex: Int
    /// The PDF page it is on, from 0 (always 0 for an image); `box` is already moved to that
    /// page's place in the stacked pages.
    public var page: Int

    public init(text: String, box: OCRBox, confidence: Double, lineIndex: Int, page: Int = 0) {
        self.text = text
        self.box = box
        self.confidence = confidence
        self.lineIndex = lineIndex
        self.page = page
    }
}
