/// How the grey image is turned into black and white before Tesseract sees it.
public enum Binarization: String, Sendable, Codable, CaseIterable {
    /// Hand Tesseract the grey image; it thresholds with its own global Otsu.
    case none
    /// Leptonica's tiled Otsu with smoothed thresholds.
    case otsuAdaptive
    /// Sauvola's local mean/deviation threshold: copes with faded thermal print.
    case sauvola
}
