import CTesseract

/// The Tesseract page segmentation modes that make sense for receipts.
public enum OCRPageSegMode: Int, Sendable, Codable, CaseIterable {
    /// Fully automatic layout analysis (PSM 3).
    case auto = 3
    /// One column of text of varying sizes (PSM 4): the shape of a receipt.
    case singleColumn = 4
    /// One uniform block of text (PSM 6).
    case singleBlock = 6
    /// As much text as possible in no particular order (PSM 11).
    case sparse = 11

    var tesseractValue: TessPageSegMode { TessPageSegMode(rawValue: UInt32(rawValue)) }
}
