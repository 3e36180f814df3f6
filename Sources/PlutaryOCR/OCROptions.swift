import Foundation

/// How a pipeline recognises images.
public struct OCROptions: Sendable, Equatable {
    /// Tesseract language codes, e.g. `["eng", "chi_sim"]`.
    public var languages: [String] = ["eng"]
    /// Run the Leptonica preprocessing; when false, the decoded image goes to Tesseract as is.
    public var preprocess = true
    /// The steps preprocessing runs when `preprocess` is true.
    public var preprocessing = PreprocessOptions()
    /// PSM 6 read more totals on real receipts than PSM 4 or 3, at the same speed.
    public var pageSegMode: OCRPageSegMode = .singleBlock
    /// When the receipt read from the preprocessed image is unsure (`ReceiptScanner.retryBelowConfidence`),
    /// read the image again as decoded and keep the surer receipt. Preprocessing helps most
    /// images and hurts some (fine print thickened, stamps kept); the receipt's own arithmetic tells which.
    public var retryWithoutPreprocessing = true
    /// When no date was read, read the likely date lines again on their own, enlarged.
    public var rereadDateLines = true
    /// Look for the receipt's paper in the picture (a phone photo on a table, a small receipt on a
    /// dark scanner page) and read it cut out and made upright.
    public var findPaper = true
    /// How long Tesseract may read one page. A receipt takes seconds; a picture of texture (a whole
    /// photo where no paper was found) reads as thousands of noise words and took 20 minutes.
    public var pageTimeLimit: Duration = .seconds(90)
    /// Images with more pixels are refused before decoding.
    public var maxMegapixels = 40
    /// The tessdata folder; nil means `TESSDATA_PREFIX` or the system location.
    public var tessdataPath: String?
    /// The recogniser asked for; Tesseract reads whenever PP-OCR cannot.
    public var engine: OCREngine = .automatic
    /// PP-OCR's library and models; nil when they are not installed.
    public var ppocrFiles: PPOCRFiles?

    public init(
        languages: [String] = ["eng"], preprocess: Bool = true,
        preprocessing: PreprocessOptions = PreprocessOptions(),
        pageSegMode: OCRPageSegMode = .singleBlock, maxMegapixels: Int = 40, tessdataPath: String? = nil
    ) {
        self.languages = languages
        self.preprocess = preprocess
        self.preprocessing = preprocessing
        self.pageSegMode = pageSegMode
        self.maxMegapixels = maxMegapixels
        self.tessdataPath = tessdataPath
    }

    /// Parses a `+`-joined list such as `eng+chi_sim`.
    public static func languages(from list: String) -> [String] {
        list.split(separator: "+").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
