import Foundation

/// Turns one receipt image into a parsed receipt on this machine. The live
/// implementation is PlutaryOCR's `LocalReceiptScanner`, which reads on threads of its
/// own (`WorkerThread`), so awaiting it from the main actor never blocks.
public protocol ReceiptScanning: Sendable {
    /// Reads the image (OCR takes a second or more). `paper`: the receipt's corners in the
    /// image as the person placed them (clockwise from the top left, image pixels); nil lets
    /// the scanner find them. A task cancelled before the reading starts gets CancellationError;
    /// a reading under way finishes, and its receipt comes back.
    func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt
    /// Writes the image at `url` (as shown: EXIF orientation applied) turned by `quarterTurns`
    /// quarter turns clockwise, as a PNG file at `destination`.
    func writeTurnedImage(_ url: URL, quarterTurns: Int, to destination: URL) async throws
    /// How many images it can usefully scan at once (one engine per core).
    var parallelism: Int { get }
    /// The Tesseract language codes it can read with, sorted (it lists a folder).
    func installedLanguages() async -> [String]
    /// The languages to read with, the first one primary; from the next scan on.
    func setLanguages(_ languages: [String])
    /// The engine to read with, as the `ocr-engine` setting names it ("auto", "ppocr",
    /// "tesseract"); from the next scan on.
    func setEngine(_ engine: String)
    /// Why the engine set does not read (PP-OCR asked for, or automatic, but missing or
    /// broken, so Tesseract reads); nil when it reads. Waits for engines being built.
    func engineNotice() async -> String?
}

extension ReceiptScanning {
    /// Scans with the paper found by the scanner.
    public func scanReceipt(fileAt url: URL) async throws -> ScannedReceipt { try await scanReceipt(fileAt: url, paper: nil) }
}
