/// The PP-OCR pipeline's numbers, PaddleOCR's defaults unless measured otherwise.
struct PPOCRSettings: Sendable {
    /// Longer side of the image the detector sees.
    var detectionMaxSide = 1600
    var postProcessor = DBPostProcessor()
    /// The classifier must be this sure a line is upside down before it is turned.
    var flipThreshold = 0.9
    /// Lines read with less confidence are dropped (PaddleOCR's text_score).
    var textScore = 0.5
    /// Crops per model run in direction classification and recognition.
    var batchSize = 6
}
