import Foundation

/// Reads one receipt of a JSON export straight from its bytes, for the import: JSONDecoder
/// took 9 s of CPU for the 100 000 receipts of a large export (generic containers, coding
/// paths, a String per key), a third of the whole import's CPU. It reads only what it can read
/// exactly as `ReceiptPayload.init(from:)` does through JSONDecoder, and answers nil for
/// anything else (a key it does not know or finds twice, a value of another type, a number
/// it does not parse the same, invalid UTF-8, broken JSON): the caller then decodes those
/// receipts with JSONDecoder, which also words the error.
struct ReceiptPayloadReader {
    private let bytes: UnsafeRawBufferPointer
    private var i = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The receipt the bytes hold (one JSON object, nothing after it), or nil (see above).
    static func read(_ bytes: UnsafeRawBufferPointer) -> ReceiptPayload? {
        var reader = ReceiptPayloadReader(bytes)
        guard let payload = reader.receipt() else { return nil }
        reader.skipSpace()
        return reader.i == bytes.count ? payload : nil
    }

    // MARK: The payload's shapes

    private static let receiptKeys: [[UInt8]] = [
        "id", "source", "merchant_name", "purchase_date", "currency", "subtotal_amount", "tax_amount", "tip_amount",
        "total_amount", "payment_method", "category", "notes", "ocr_text", "ocr_locale", "ocr_engine", "image_sha256",
        "line_items", "taxes", "auto_filled_fields", "field_confidence", "confidence", "warnings",
    ].map { Array($0.utf8) }

    private mutating func receipt() -> ReceiptPayload? {
        var payload = ReceiptPayload()
        var seen: UInt32 = 0
        let read = object { reader, key in
            guard let field = Self.field(key, in: Self.receiptKeys), seen & (1 << field) == 0 else { return false }
            seen |= 1 << field
            switch field {
            case 0: return reader.optionalString(&payload.id)
            case 1: return reader.optionalString(&payload.source)
            case 2: return reader.optionalString(&payload.merchantName)
            case 3: return reader.optionalString(&payload.purchaseDate)
            case 4: return reader.optionalString(&payload.currency)
            case 5: return reader.optionalString(&payload.subtotalAmount)
            case 6: return reader.optionalString(&payload.taxAmount)
            case 7: return reader.optionalString(&payload.tipAmount)
            case 8: return reader.optionalString(&payload.totalAmount)
            case 9: return reader.optionalString(&payload.paymentMethod)
            case 10: return reader.optionalString(&payload.category)
            case 11: return reader.optionalString(&payload.notes)
            case 12: return reader.optionalString(&payload.ocrText)
            case 13: return reader.optionalString(&payload.ocrLocale)
            case 14: return reader.optionalString(&payload.ocrEngine)
            case 15: return reader.optionalString(&payload.imageSha256)
            case 16: return reader.optionalArray(&payload.lineItems) { $0.lineItem() }
            case 17: return reader.optionalArray(&payload.taxes) { $0.taxLine() }
            case 18: return reader.optionalArray(&payload.autoFilledFields) { $0.string() }
            case 19: return reader.confidences(&payload.fieldConfidence)
            case 20:
                if reader.null() { return true }
                guard let number = reader.number() else { return false }
                payload.confidence = number
                return true
            default: return reader.optionalArray(&payload.warnings) { $0.string() }
            }
        }
        return read ? payload : nil
    }

    private static let itemKeys: [[UInt8]] = [
        "id", "description", "quantity", "unit_price", "total", "unit", "category", "tax_code", "discount", "product",
        "price_inferred",
    ].map { Array($0.utf8) }

    private mutating func lineItem() -> LineItemPayload? {
        var id, unitPrice, unit, category, taxCode, discount, product: String?
        var description, total: String?
        var quantity: String?
        var priceInferred: Bool?
        var seen: UInt32 = 0
        let read = object { reader, key in
            guard let field = Self.field(key, in: Self.itemKeys), seen & (1 << field) == 0 else { return false }
            seen |= 1 << field
            switch field {
            case 0: return reader.optionalString(&id)
            // Required: a null is JSONDecoder's error to word.
            case 1: description = reader.string(); return description != nil
            case 2: return reader.optionalString(&quantity)
            case 3: return reader.optionalString(&unitPrice)
            case 4: total = reader.string(); return total != nil
            case 5: return reader.optionalString(&unit)
            case 6: return reader.optionalString(&category)
            case 7: return reader.optionalString(&taxCode)
            case 8: return reader.optionalString(&discount)
            case 9: return reader.optionalString(&product)
            default:
                if reader.null() { return true }
                guard let value = reader.bool() else { return false }
                priceInferred = value
                return true
            }
        }
        guard read, let description, let total else { return nil }
        var item = LineItemPayload(id: id, description: description, quantity: quantity ?? "1", unitPrice: unitPrice, total: total,
                                   unit: unit, category: category, taxCode: taxCode, discount: discount, product: product)
        item.priceInferred = priceInferred
        return item
    }

    private static let taxKeys: [[UInt8]] = ["name", "rate", "amount"].map { Array($0.utf8) }

    private mutating func taxLine() -> TaxLinePayload? {
        var name, rate, amount: String?
        var seen: UInt32 = 0
        let read = object { reader, key in
            guard let field = Self.field(key, in: Self.taxKeys), seen & (1 << field) == 0 else { return false }
            seen |= 1 << field
            switch field {
            case 0: name = reader.string(); return name != nil
            case 1: return reader.optionalString(&rate)
            default: amount = reader.string(); return amount != nil
            }
        }
        guard read, let name, let amount else { return nil }
        return TaxLinePayload(name: name, rate: rate, amount: amount)
    }

    /// `field_confidence`: an object of numbers, or null.
    private mutating func confidences(_ target: inout [String: Double]) -> Bool {
        if null() { return true }
        var values: [String: Double] = [:]
        let read = object { reader, key in
            guard let name = Self.text(key), values[name] == nil, let number = reader.number() else { return false }
            values[name] = number
            return true
        }
        target = values
        return read
    }

    // MARK: JSON

    private static func field(_ key: UnsafeRawBufferPointer, in keys: [[UInt8]]) -> Int? {
        for (index, candidate) in keys.enumerated() where candidate.count == key.count {
            if candidate.withUnsafeBytes({ memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }) { return index }
        }
        return nil
    }

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x0A, 0x0D, 0x09: i += 1
            default: return
            }
        }
    }

    /// Skips space, then `byte` if it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard bytes.count - i >= count, memcmp(bytes.baseAddress! + i, word.utf8Start, count) == 0 else { return false }
        // A literal ends where a value does: "nullx" is not null.
        if i + count < bytes.count, ![0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[i + count]) {
            return false
        }
        i += count
        return true
    }

    private mutating func null() -> Bool { literal("null") }

    private mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// An object's members: `member` reads each value, given its key's bytes (keys with escapes are left to JSONDecoder).
    private mutating func object(_ member: (inout Self, UnsafeRawBufferPointer) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard take(UInt8(ascii: "\"")) else { return false }
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                guard bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 else { return false }
                i += 1
            }
            guard i < bytes.count else { return false }
            let key = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
            i += 1
            guard take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array (or null, read as empty, as `decodeIfPresent(...) ?? []` does) of elements `element` reads.
    private mutating func optionalArray<T>(_ target: inout [T], _ element: (inout Self) -> T?) -> Bool {
        if null() {
            target = []
            return true
        }
        guard take(UInt8(ascii: "[")) else { return false }
        var values: [T] = []
        if !take(UInt8(ascii: "]")) {
            repeat {
                guard let value = element(&self) else { return false }
                values.append(value)
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return false }
        }
        target = values
        return true
    }

    private mutating func optionalString(_ target: inout String?) -> Bool {
        if null() {
            target = nil
            return true
        }
        guard let value = string() else { return false }
        target = value
        return true
    }

    /// A string value, its escapes resolved.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                defer { i += 1 }
                return Self.text(UnsafeRawBufferPointer(rebasing: bytes[start..<i]))
            case UInt8(ascii: "\\"):
                return escapedString(from: start)
            case ..<0x20:
                return nil
            default:
                i += 1
            }
        }
        return nil
    }

    /// The rest of a string that holds escapes; `i` is at the first backslash.
    private mutating func escapedString(from start: Int) -> String? {
        var utf8 = Array(bytes[start..<i])
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { return nil }
                let escaped = bytes[i + 1]
                i += 2
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by its low half; anything else is left to JSONDecoder.
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else { return nil }
                        i += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    utf8.append(contentsOf: UTF8.encode(unicode)!)
                default: return nil
                }
            case ..<0x20:
                return nil
            default:
                utf8.append(byte)
                i += 1
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - i >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(bytes[i] - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(bytes[i] - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(bytes[i] - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    /// A number in JSON's own grammar that a Double holds (finite): JSONDecoder refuses the others.
    private mutating func number() -> Double? {
        skipSpace()
        let start = i
        func digits() -> Int {
            let from = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - from
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let leading = i
        guard digits() > 0, bytes[leading] != UInt8(ascii: "0") || i == leading + 1 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard let text = Self.text(UnsafeRawBufferPointer(rebasing: bytes[start..<i])), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }
}
