import Foundation
import PlutaryCore
import Synchronization

/// The app's receipt scanner: builds the OCR engines on the first scan (off the
/// main thread, where loading the language models belongs) and rebuilds them
/// when the person picks other OCR languages.
public final class LocalReceiptScanner: ReceiptScanning {
    private struct State {
        var languages: [String]
        var scanner: ReceiptScanner?
    }

    private let state: Mutex<State>
    public let parallelism = ProcessInfo.processInfo.activeProcessorCount

    public init(languages: [String]) {
        state = Mutex(State(languages: languages.isEmpty ? ["eng"] : languages))
    }

    /// Takes effect from the next scan.
    public func setLanguages(_ languages: [String]) {
        state.withLock { state in
            guard languages != state.languages, !languages.isEmpty else { return }
            state.languages = languages
            state.scanner = nil
        }
    }

    public func scanReceipt(fileAt url: URL) throws -> ReceiptPayload {
        try current().scan(fileAt: url).payload
    }

    private func current() throws -> ReceiptScanner {
        // Built under the lock so parallel first scans share one set of engines.
        try state.withLock { state in
            if let scanner = state.scanner { return scanner }
            let scanner = ReceiptScanner(pipeline: try OCRPipeline(options: OCROptions(languages: state.languages), engines: parallelism))
            state.scanner = scanner
            return scanner
        }
    }
}
