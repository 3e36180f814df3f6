import Foundation

/// Stops one export, and says whether it stopped it before its file was written: the
/// rename into place and the cancellation take the same lock, so either the file is
/// written and `cancel` answers false, or it never is.
public final class ExportCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var committed = false

    public init() {}

    /// True when the export stops without writing its file; false when it was already written.
    @discardableResult
    public func cancel() -> Bool {
        lock.withLock {
            if !committed { cancelled = true }
            return !committed
        }
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Runs `write` (the rename into place) unless cancelled first.
    func commit(_ write: () throws -> Void) throws {
        try lock.withLock {
            if cancelled { throw ExportError.cancelled }
            try write()
            committed = true
        }
    }
}
