import Foundation

/// Decodes an export's receipts on a thread of its own, up to `window` ahead of the import
/// that writes them, so decoding and writing share the two cores instead of taking turns.
/// The writer asks for receipts in order; a receipt that does not decode is its error,
/// handed over when the writer reaches it.
final class ReceiptPrefetcher: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var decoded: [Int: Result<ReceiptPayload, Error>] = [:]
    private var wanted = 0
    private var stopped = false
    private let window: Int

    init(count: Int, window: Int = 512, decode: @escaping @Sendable (Int) throws -> ReceiptPayload) {
        self.window = window
        let thread = Thread { [self] in decodeAll(count: count, decode: decode) }
        thread.name = "plutary-import-decode"
        thread.start()
    }

    /// The receipt at `index`, waiting for its decoding; indices must come in order from 0.
    func receipt(at index: Int) throws -> ReceiptPayload {
        condition.lock()
        defer { condition.unlock() }
        while decoded[index] == nil { condition.wait() }
        let result = decoded.removeValue(forKey: index)!
        wanted = index + 1
        condition.broadcast()
        return try result.get()
    }

    /// Ends the decoding thread, once the import is done or has failed.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func decodeAll(count: Int, decode: (Int) throws -> ReceiptPayload) {
        for index in 0..<count {
            condition.lock()
            while !stopped, index >= wanted + window { condition.wait() }
            let stop = stopped
            condition.unlock()
            if stop { return }
            let result = Result { try decode(index) }
            condition.lock()
            decoded[index] = result
            condition.broadcast()
            condition.unlock()
            if case .failure = result { return }
        }
    }
}
