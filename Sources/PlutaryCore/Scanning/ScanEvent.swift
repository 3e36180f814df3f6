import Foundation

/// What a scan reports while it runs; sheets count from 1.
public enum ScanEvent: Equatable, Sendable {
    /// `fraction` (0...1) of sheet `sheet` has been read.
    case reading(sheet: Int, fraction: Double)
    /// Sheet `sheet` is written to `file`.
    case scanned(sheet: Int, file: URL)
}
