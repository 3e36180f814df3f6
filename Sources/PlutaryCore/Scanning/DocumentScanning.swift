import Foundation

/// Takes sheets from a document scanner as image files. The live implementation is
/// PlutaryOCR's `SANEScanner`; both methods block (a scanner takes seconds per sheet),
/// so call them from a worker thread.
public protocol DocumentScanning: Sendable {
    /// The scanners attached now; throws `ScannerError.unavailable` when scanning is
    /// not possible here at all.
    func devices() throws -> [ScannerDevice]
    /// Scans until the feeder is empty (ADF) or one sheet (flatbed), writing each sheet as a
    /// PNG file into `folder` and reporting it through `events` as soon as it is written.
    /// When `isCancelled` turns true, stops within one read and returns; the sheets
    /// already reported stay.
    func scan(_ request: ScanRequest, into folder: URL, events: @Sendable (ScanEvent) -> Void,
              isCancelled: @Sendable () -> Bool) throws
}
