import Foundation

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

    public var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason):
            "\(file): cannot read the file (\(reason))"
        case let .emptyFile(file):
            "\(file): the file is empty"
        case let .unsupportedFormat(file):
            "\(file): not an image in a supported format (JPEG, PNG, TIFF, WebP, BMP, PNM)"
        case let .decodeFailed(file, reason):
            "\(file): the image cannot be decoded (\(reason))"
        case let .tooLarge(file, width, height, limit):
            "\(file): the image is \(width)×\(height) pixels, over the limit of \(limit) megapixels"
        case let .tooSmall(file, width, height):
            "\(file): the image is only \(width)×\(height) pixels, too small to hold text"
        case let .missingLanguage(language, package, path):
            "OCR language “\(language)” is not installed (no \(language).traineddata in \(path)); install the Debian package \(package)"
        case let .invalidLanguage(language):
            "“\(language)” is not a valid OCR language code"
        case let .noTessdata(searched):
            "no Tesseract language data found (searched \(searched.joined(separator: ", "))); install the Debian package tesseract-ocr-eng"
        case let .engineInitFailed(languages):
            "Tesseract failed to initialise with languages \(languages)"
        case let .recognitionFailed(file):
            "\(file): Tesseract failed to recognise the image"
        }
    }
}
