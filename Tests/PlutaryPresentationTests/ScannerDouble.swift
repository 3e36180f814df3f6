import Foundation
import PlutaryCore

/// What the presentation tests' fake scanners share: English only, settings ignored, no engine
/// notice, no turning. A fake writes what its test is about (`scanReceipt`, `parallelism`, …).
protocol ScannerDouble: ReceiptScanning {}

extension ScannerDouble {
    func installedLanguages() async -> [String] { ["eng"] }
    func setLanguages(_ languages: [String]) {}
    func setEngine(_ engine: String) {}
    func engineNotice() async -> String? { nil }
    func writeTurnedImage(_ url: URL, quarterTurns: Int, to destination: URL) async throws { throw CocoaError(.featureUnsupported) }
}
