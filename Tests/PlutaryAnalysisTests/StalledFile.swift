import Foundation

/// A file whose opening waits, as one on a slow or hung mount (a phone, a network share) does:
/// a named pipe, which open(2) blocks on until `release` writes its bytes, on a thread of its own.
/// (Foundation's Data(contentsOf:) refuses a pipe; code that opens the file itself waits.)
final class StalledFile: Sendable {
    let url: URL

    init(named name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("plutary-stalled-\(UUID().uuidString)-\(name)")
        guard mkfifo(url.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// After `delay`, lets the reader in and gives it `bytes` (then end of file).
    func release(after delay: TimeInterval, bytes: Data = Data()) {
        let path = url.path
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: delay)
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.write(contentsOf: bytes)
            try? handle.close()
        }
    }
}
