import Foundation
import PlutaryCore

/// Every failure of the OCR pipeline, each naming the file (or language) and the reason.
public enum OCRError: Error, LocalizedError, Sendable, Equatable {
    case unreadable(file: String, reason: String)
    case emptyFile(file: String)
    case unsupportedFormat(file: String)
    case decodeFailed(file: String, reason: String)
    case tooLarge(file: String, width: Int, height: Int, limitMegapixels: Int)
    case tooSmall(file: String, width: Int, height: Int)
    case missingLanguage(language: String, debianPackage: String, searchedIn: String)
    case invalidLanguage(String)
    case noTessdata(searched: [String])
    case engineInitFailed(languages: String)
    case recognitionFailed(file: String)
    case readingTooSlow(file: String, seconds: Int)
    case ppocrUnavailable(reason: String)
    case pdfEncrypted(file: String)
    case pdfDamaged(file: String)
    case pdfTooManyPages(file: String, pages: Int, limit: Int)

    /// The reason given when PP-OCR's library or models were not found.
    static var ppocrNotInstalled: String { tr("its library or models are not installed") }

    /// In the person's language: the import panel shows these beside the file.
    public var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason):
            String(format: tr("%1$@: cannot read the file (%2$@)"), file, reason)
        case let .emptyFile(file):
            String(format: tr("%@: the file is empty"), file)
        case let .unsupportedFormat(file):
            String(format: tr("%@: not an image in a supported format (JPEG, PNG, TIFF, WebP, BMP, PNM) nor a PDF"), file)
        case let .decodeFailed(file, reason):
            String(format: tr("%1$@: the image cannot be decoded (%2$@)"), file, reason)
        case let .tooLarge(file, width, height, limit):
            String(format: tr("%1$@: the image is %2$d×%3$d pixels, over the limit of %4$d megapixels"), file, width, height, limit)
        case let .tooSmall(file, width, height):
            String(format: tr("%1$@: the image is only %2$d×%3$d pixels, too small to hold text"), file, width, height)
        case let .missingLanguage(language, package, path):
            String(format: tr("OCR language “%1$@” is not installed (no %1$@.traineddata in %2$@); install the Debian package %3$@"),
                   language, path, package)
        case let .invalidLanguage(language):
            String(format: tr("“%@” is not a valid OCR language code"), language)
        case let .noTessdata(searched):
            String(format: tr("no Tesseract language data found (searched %1$@); install the Debian package %2$@"),
                   searched.joined(separator: ", "), TesseractPackage.debianName(for: "eng"))
        case let .engineInitFailed(languages):
            String(format: tr("Tesseract failed to initialise with languages %@"), languages)
        case let .recognitionFailed(file):
            String(format: tr("%@: Tesseract failed to recognise the image"), file)
        case let .readingTooSlow(file, seconds):
            String(format: tr("%1$@: reading stopped after %2$d seconds; the picture may not show a receipt clearly (crop it to the receipt and import it again)"),
                   file, seconds)
        case let .ppocrUnavailable(reason):
            String(format: tr("PP-OCR cannot read, so Tesseract reads instead: %@"), reason)
        case let .pdfEncrypted(file):
            String(format: tr("%@: the PDF is encrypted (password-protected); save an unprotected copy and import that"), file)
        case let .pdfDamaged(file):
            String(format: tr("%@: the PDF is damaged or truncated and cannot be read"), file)
        case let .pdfTooManyPages(file, pages, limit):
            String(format: tr("%1$@: the PDF has %2$d pages, over the limit of %3$d pages for one receipt"), file, pages, limit)
        }
    }
}
