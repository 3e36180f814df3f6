import Foundation
import PlutaryOCR

/// What `scan` and `acquire` do with each image read: save it when asked, print one
/// line (or JSON object) for it, and count failures for the exit status.
struct ScanReporter: Sendable {
    let output: ReceiptOutput
    let saver: ScanSaver?
    let failed = FailureCount()

    func report(_ result: Result<ReceiptScanner.Scan, Error>, source: String, image: URL) {
        switch result {
        case .success(let scan):
            var payload = scan.payload
            payload.source = source
            if let saver {
                do {
                    payload = try saver.save(payload, image: image)
                } catch {
                    failed.add()
                    payload.warnings.append("not saved: \(error.localizedDescription)")
                }
            }
            output.success(payload)
        case .failure(let error):
            failed.add()
            output.failure(source: source, error: error)
        }
        fflush(nil) // stream each line as it is ready
    }
}
