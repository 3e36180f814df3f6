import Foundation

/// A file whose opening waits, as one on a slow or hung mount (a phone, a network share) does:
/// a named pipe, which open(2) blocks on until the other end is opened, on a thread of its own.
/// (Foundation's Data(contentsOf:) refuses a pipe; code that opens the file itself waits.)
final class StalledFile: Sendable {
    let url: URL

    convenience init(named name: String) throws {
        try self.init(at: FileManager.default.temporaryDirectory.appendingPathComponent("plutary-stalled-\(UUID().uuidString)-\(name)"))
    }

    init(at url: URL) throws {
        self.url = url
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

    /// After `delay`, lets writers in: holds the reading end open (so opening to write no longer
    /// waits) and takes what they write, until the end of what was written or 30 s.
    func admitWriters(after delay: TimeInterval) {
        let path = url.path
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: delay)
            let reader = open(path, O_RDONLY | O_NONBLOCK)
            guard reader >= 0 else { return }
            defer { close(reader) }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var taken = 0
            let end = Date().addingTimeInterval(30)
            while Date() < end {
                let count = read(reader, &buffer, buffer.count)
                if count > 0 {
                    taken += count
                } else if count == 0, taken > 0 {
                    return
                } else {
                    usleep(10_000)
                }
            }
        }
    }
}
