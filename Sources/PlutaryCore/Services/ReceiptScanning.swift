import Foundation

/// Turns one receipt image into a parsed receipt on this machine. The live
/// implementation is PlutaryOCR's `ReceiptScanner`.
public protocol ReceiptScanning: Sendable {
    /// Blocking (OCR takes a second or more): call from a worker thread.
    func scanReceipt(fileAt url: URL) throws -> ReceiptPayload
    /// How many images it can usefully scan at once (one engine per core).
    var parallelism: Int { get }
}
