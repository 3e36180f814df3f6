import Foundation

/// An `OutputStream` over a file handle with a 64 KiB buffer. CSV.swift writes
/// one byte per `write` call; unbuffered, that is one system call per byte.
final class BufferedFileStream: OutputStream {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
    private var status: Stream.Status = .notOpen
    /// The first write error, kept because `OutputStream.write` can only answer -1.
    private(set) var failure: Error?
    private(set) var byteCount: Int64 = 0

    init(handle: FileHandle) {
        self.handle = handle
        super.init(toMemory: ())
        buffer.reserveCapacity(capacity)
    }

    required init(toMemory: ()) {
        preconditionFailure("BufferedFileStream writes to a file handle: use init(handle:)")
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { failure == nil ? status : .error }
    override var hasSpaceAvailable: Bool { failure == nil }
    override var streamError: Error? { failure }

    override func write(_ bytes: UnsafePointer<UInt8>, maxLength length: Int) -> Int {
        guard failure == nil else { return -1 }
        buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        byteCount += Int64(length)
        if buffer.count >= capacity { drain() }
        return failure == nil ? length : -1
    }

    func write(_ data: Data) {
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
            _ = write(base, maxLength: raw.count)
        }
    }

    func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Writes out what is buffered; throws the first write error.
    func flush() throws {
        drain()
        if let failure { throw failure }
    }

    private func drain() {
        guard !buffer.isEmpty, failure == nil else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            failure = error
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
