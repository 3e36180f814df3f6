/// Reports progress every few hundred rows and checks for cancellation, so a
/// large export neither floods the caller with updates nor ignores a Cancel.
struct ExportTicker {
    let total: Int
    let progress: ExportProgress
    let isCancelled: @Sendable () -> Bool
    private(set) var done = 0
    private let step: Int

    init(total: Int, progress: @escaping ExportProgress, isCancelled: @escaping @Sendable () -> Bool) {
        self.total = total
        self.progress = progress
        self.isCancelled = isCancelled
        step = max(1, min(1000, total / 200))
    }

    mutating func tick() throws {
        done += 1
        if done % step == 0 {
            if isCancelled() { throw ExportError.cancelled }
            progress(done, total)
        }
    }

    func finish() throws {
        if isCancelled() { throw ExportError.cancelled }
        progress(done, total)
    }
}
