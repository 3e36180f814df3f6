import Foundation
import PlutaryCore

extension ReceiptScanner: ReceiptScanning {
    public func scanReceipt(fileAt url: URL) throws -> ReceiptPayload {
        try scan(fileAt: url).payload
    }

    // The pipeline makes one engine per core by default; more workers would only queue.
    public var parallelism: Int { ProcessInfo.processInfo.activeProcessorCount }
}
