import Foundation

/// The scanner of an environment without an OCR engine (headless tools and
/// tests that never import): every scan fails with a message saying so.
public struct UnavailableScanner: ReceiptScanning {
    public struct Unavailable: LocalizedError {
        public var errorDescription: String? { tr("Receipt scanning is not available here.") }
    }

    public init() {}

    public var parallelism: Int { 1 }

    /// None: there is no engine to read with.
    public func installedLanguages() async -> [String] { [] }

    public func setLanguages(_ languages: [String]) {}

    public func setEngine(_ engine: String) {}

    /// None: scanning itself is unavailable, whichever engine.
    public func engineNotice() async -> String? { nil }

    public func scanReceipt(fileAt url: URL, paper: [SIMD2<Double>]?) async throws -> ScannedReceipt {
        throw Unavailable()
    }

    public func writeTurnedImage(_ url: URL, quarterTurns: Int, to destination: URL) async throws {
        throw Unavailable()
    }
}
