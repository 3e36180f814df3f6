import Foundation

/// Reads a JSON export without decoding it whole: one pass over the bytes
/// finds the top-level fields and where each receipt starts and ends, and the
/// receipts are then decoded one at a time. A 100 000-receipt export is about
/// 250 MB of JSON; decoded at once it took over 1 GB of memory.
struct ExportFileReader {
    let data: Data
    let formatVersion: Int
    let categories: [String]
    let products: [ExportedProduct]
    let sampleReceiptIds: Set<String>
    /// Byte ranges of the receipts in `data`, in file order.
    let receiptRanges: [Range<Int>]
    private let decoder = JSONDecoder()

    /// - Parameter scanned: hears how far the scan has read, every few megabytes (`FileMapping.release`).
    init(data: Data, scanned: @escaping (Int) -> Void = { _ in }) throws {
        // A byte-order mark, as some Windows editors write, is not part of the JSON (rebased: ranges count from 0).
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        self.data = data
        // One pass finds the fields and, on the way, the receipts in their list.
        let (fields, elements) = try data.withUnsafeBytes { try JSONScanner(bytes: $0, scanned: scanned).topLevelFields(listing: "receipts") }
        let decoder = JSONDecoder()
        func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
            guard let range = fields[key] else { return nil }
            do {
                return try decoder.decode(T.self, from: data.subdata(in: range))
            } catch {
                throw ImportError.malformed(reason: String(format: tr("field \"%@\" has the wrong shape"), key))
            }
        }
        guard (try? decode(String.self, "format")) == ExportDocument.format,
              let version = try? decode(Int.self, "format_version") else {
            throw ImportError.notAnExport
        }
        guard version <= ExportDocument.formatVersion else {
            throw ImportError.newerFormat(found: version, supported: ExportDocument.formatVersion)
        }
        formatVersion = version
        categories = try decode([String].self, "categories") ?? []
        products = try decode([ExportedProduct].self, "products") ?? []
        sampleReceiptIds = Set(try decode([String].self, "sample_receipt_ids") ?? [])
        guard fields["receipts"] != nil else {
            throw ImportError.malformed(reason: tr("no \"receipts\" field"))
        }
        guard let elements else { throw ImportError.malformed(reason: tr("\"receipts\" is not a list")) }
        receiptRanges = elements
    }

    func receipt(at index: Int) throws -> ReceiptPayload {
        let range = receiptRanges[index]
        if let payload = data.withUnsafeBytes({ ReceiptPayloadReader.read(UnsafeRawBufferPointer(rebasing: $0[range])) }) {
            return payload
        }
        // What the reader leaves (see ReceiptPayloadReader) is read, or refused in words, by JSONDecoder.
        do {
            return try decoder.decode(ReceiptPayload.self, from: data.subdata(in: receiptRanges[index]))
        } catch {
            let reason = (error as? DecodingError).map(ReceiptImporter.describe) ?? error.localizedDescription
            throw ImportError.invalidReceipt(index: index, id: nil, reason: reason)
        }
    }
}

/// Finds value boundaries in JSON text without building values: enough to
/// split an export into its fields and receipts. Malformed text inside a value
/// is left to the decoder; broken structure is reported here.
private struct JSONScanner {
    let bytes: UnsafeRawBufferPointer
    /// Told how far the scan has read, about every `reportEvery` bytes of a large value.
    let scanned: (Int) -> Void
    private let reportEvery = 1 << 22

    private func malformed(_ offset: Int) -> ImportError {
        .malformed(reason: String(format: tr("unexpected text at byte %d"), offset))
    }

    private func skipSpace(_ i: Int) -> Int {
        var i = i
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
        return i
    }

    /// The index just past the string starting at `i` (a quote). Most of an export is text: the
    /// closing quote is found with memchr, and is the string's end unless an odd run of backslashes precedes it.
    private func endOfString(_ i: Int) throws -> Int {
        guard let base = bytes.baseAddress else { throw malformed(i) }
        var j = i + 1
        while j < bytes.count, let found = memchr(base + j, Int32(UInt8(ascii: "\"")), bytes.count - j) {
            let quote = UnsafeRawPointer(found) - base
            var backslashes = 0
            while bytes[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return quote + 1 }
            j = quote + 1
        }
        throw malformed(i)
    }

    /// The index just past the value starting at `i`.
    private func endOfValue(_ i: Int) throws -> Int {
        guard i < bytes.count else { throw malformed(i) }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return try endOfString(i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var j = i
            var reported = i
            while j < bytes.count {
                switch bytes[j] {
                case UInt8(ascii: "\""): j = try endOfString(j); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return j + 1 }
                    if j - reported >= reportEvery {
                        scanned(j)
                        reported = j
                    }
                default: break
                }
                j += 1
            }
            throw malformed(i)
        default:
            var j = i
            while j < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[j]) {
                j += 1
            }
            guard j > i else { throw malformed(i) }
            return j
        }
    }

    /// The top-level object's values by key (keys compared as written), and the elements of the list
    /// under `listed` (nil when that value is not a list; the last one when the key comes twice).
    func topLevelFields(listing listed: String) throws -> (fields: [String: Range<Int>], elements: [Range<Int>]?) {
        var i = skipSpace(0)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { throw ImportError.notAnExport }
        var fields: [String: Range<Int>] = [:]
        var elements: [Range<Int>]?
        i = skipSpace(i + 1)
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { return (fields, elements) }
        while true {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw malformed(i) }
            let keyEnd = try endOfString(i)
            let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(i + 1)..<(keyEnd - 1)]), as: UTF8.self)
            i = skipSpace(keyEnd)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw malformed(i) }
            let start = skipSpace(i + 1)
            let end: Int
            if key == listed, start < bytes.count, bytes[start] == UInt8(ascii: "[") {
                (elements, end) = try arrayElements(at: start)
            } else {
                if key == listed { elements = nil }
                end = try endOfValue(start)
            }
            fields[key] = start..<end
            i = skipSpace(end)
            guard i < bytes.count else { throw malformed(i) }
            if bytes[i] == UInt8(ascii: "}") { break }
            guard bytes[i] == UInt8(ascii: ",") else { throw malformed(i) }
            i = skipSpace(i + 1)
        }
        guard skipSpace(i + 1) == bytes.count else { throw malformed(i + 1) }
        return (fields, elements)
    }

    /// The elements' ranges of the list starting at `start` (a bracket), and the index just past it.
    private func arrayElements(at start: Int) throws -> ([Range<Int>], Int) {
        var elements: [Range<Int>] = []
        var i = skipSpace(start + 1)
        guard i < bytes.count else { throw malformed(start) }
        if bytes[i] == UInt8(ascii: "]") { return (elements, i + 1) }
        var reported = i
        while true {
            let end = try endOfValue(i)
            elements.append(i..<end)
            if end - reported >= reportEvery {
                scanned(end)
                reported = end
            }
            i = skipSpace(end)
            guard i < bytes.count else { throw malformed(start) }
            if bytes[i] == UInt8(ascii: "]") { return (elements, i + 1) }
            guard bytes[i] == UInt8(ascii: ",") else { throw malformed(i) }
            i = skipSpace(i + 1)
        }
    }
}
