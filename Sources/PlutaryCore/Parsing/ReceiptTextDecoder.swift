import Foundation

/// Turns the bytes of a text file into text whatever its encoding, so OCR dumps from
/// older tools (Latin-1, Windows-1252) are read rather than refused. UTF-8 first (a
/// byte-order mark dropped), UTF-16 when its mark says so, else Windows-1252, which
/// maps every byte: no input is ever rejected.
public enum ReceiptTextDecoder {
    public static func decode(_ data: Data) -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
           let text = String(data: Data(bytes), encoding: .utf16) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes { scalars.append(windows1252(byte)) }
        return String(scalars)
    }

    // 0x80–0x9F hold € ‘ ’ “ ” – … in Windows-1252; its five unassigned bytes keep their Latin-1 meaning.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
        return Unicode.Scalar(value) ?? Unicode.Scalar(byte)
    }
}
