/// What a byte of UTF-8 text is, for the scanners that read ASCII lines on their bytes.
extension UInt8 {
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    /// A space, a tab or a line or page break: `\s` in ASCII.
    var isASCIIWhitespace: Bool { self == UInt8(ascii: " ") || (0x09...0x0D).contains(self) }
    /// A to Z in either case (a lower-case letter is its capital with bit 0x20 set).
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
}
