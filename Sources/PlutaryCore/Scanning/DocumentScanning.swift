import Foundation

/// Takes sheets from a document scanner as image files. The live implementation is
/// PlutaryOCR's `SANEScanner`, which talks to the scanner (seconds per sheet) on a thread
/// of its own (`WorkerThread`), so awaiting it from the main actor never blocks.
public protocol DocumentScanning: Sendable {
    /// The scanners attached now; throws `ScannerError.unavailable` when scanning is
    /// not possible here at all.
    func devices() async throws -> [ScannerDevice]
    /// Scans until the feeder is empty (ADF) or one sheet (flatbed), writing each sheet as a
    /// PNG file into `folder` and handing it to `events` as soon as it is written; each event is
    /// handled before the scan reads on, and the scan returns once the scanner is let go. When
    /// the awaiting task is cancelled, the scan stops within one read and returns normally;
    /// the sheets already reported stay.
    func scan(_ request: ScanRequest, into folder: URL, events: @escaping @Sendable (ScanEvent) async -> Void) async throws
}
