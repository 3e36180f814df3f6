import PlutaryCore

/// What OCR found on one image. Boxes are in pixels of the source image after its
/// EXIF orientation is applied, so the UI can highlight fields on the picture it shows.
public struct OCRResult: Sendable, Codable, Equatable {
    /// The file name (or the name given with the data).
    public var source: String
    public var text: String
    public var lines: [OCRLine]
    public var words: [OCRWord]
    public var imageWidth: Int
    public var imageHeight: Int
    public var languages: [String]
    /// Mean word confidence, 0...100 (0 when nothing was found).
    public var meanConfidence: Double
    /// The recogniser that read it: `.ppocr` or `.tesseract`.
    public var engine: OCREngine
    /// Where the receipt's paper was found in the picture (and read cut out); nil when the
    /// whole picture was read.
    public var paper: PaperQuad?
    /// Read from a PDF's text layer, not recognised: exact characters and positions.
    public var fromTextLayer = false

    /// What JSON output's `ocr_engine` says: the recogniser, or `pdf-text`.
    public var engineName: String { fromTextLayer ? ReceiptPayload.pdfTextEngine : engine.rawValue }

    public init(
        source: String, text: String, lines: [OCRLine], words: [OCRWord],
        imageWidth: Int, imageHeight: Int, languages: [String], meanConfidence: Double,
        engine: OCREngine = .tesseract
    ) {
        self.source = source
        self.text = text
        self.lines = lines
        self.words = words
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.languages = languages
        self.meanConfidence = meanConfidence
        self.engine = engine
    }
}
