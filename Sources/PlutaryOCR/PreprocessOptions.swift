/// The Leptonica steps applied before recognition; each can be switched off so
/// a benchmark can measure what it is worth.
public struct PreprocessOptions: Sendable, Codable, Equatable {
    /// Rescale so the median word is `targetTextHeight` pixels tall.
    public var scale: Bool
    /// Median height in pixels of a word (about the cap height of receipt print) that
    /// Tesseract reads best at; 20 measured best on real 150 and 300 dpi receipts (24 and 28
    /// were no better and slower).
    public var targetTextHeight: Double
    /// Flatten uneven illumination and grey thermal-paper background.
    public var normalizeBackground: Bool
    /// `.none` won on the real receipts: Tesseract's own Otsu on the background-normalised
    /// grey image beat Leptonica's Sauvola and adaptive Otsu (see Benchmarks/bench.sh).
    public var binarization: Binarization
    /// Detect and undo page rotation of up to a few degrees.
    public var deskew: Bool
    /// Make colour images grey from their brightest channel, so red and blue stamps and pen
    /// marks fade to paper while black print stays black.
    public var dropColourInk: Bool

    public init(
        scale: Bool = true, targetTextHeight: Double = 20, normalizeBackground: Bool = true,
        binarization: Binarization = .none, deskew: Bool = true,
        dropColourInk: Bool = true
    ) {
        self.scale = scale
        self.targetTextHeight = targetTextHeight
        self.normalizeBackground = normalizeBackground
        self.binarization = binarization
        self.deskew = deskew
        self.dropColourInk = dropColourInk
    }

    /// Only the conversion to grey.
    public static let greyOnly = PreprocessOptions(
        scale: false, normalizeBackground: false, binarization: .none, deskew: false, dropColourInk: false)
}
