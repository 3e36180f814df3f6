/// Which recogniser reads the images. The raw values are what `plutary scan --engine` takes,
/// the GSettings key `ocr-engine` stores and JSON output's `ocr_engine` says.
public enum OCREngine: String, Sendable, Codable, CaseIterable {
    /// PP-OCR when its library and models are installed, Tesseract otherwise.
    case automatic = "auto"
    case ppocr
    case tesseract
}
