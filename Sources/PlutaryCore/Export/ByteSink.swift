import Foundation

/// An in-memory `OutputStream` collecting bytes, for encoding one batch of CSV rows.
final class ByteSink: OutputStream {
    private(set) var bytes: [UInt8] = []
    private var status: Stream.Status = .notOpen

    init(capacity: Int) {
        super.init(toMemory: ())
        bytes.reserveCapacity(capacity)
    }

    required init(toMemory: ()) {
        preconditionFailure("use init(capacity:)")
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var hasSpaceAvailable: Bool { true }

    override func write(_ buffer: UnsafePointer<UInt8>, maxLength length: Int) -> Int {
        if length == 1 { bytes.append(buffer.pointee) } else { bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: length)) }
        return length
    }

    func appendLineBreak() {
        bytes.append(contentsOf: [13, 10])
    }
}
