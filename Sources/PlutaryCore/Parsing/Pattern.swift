import Foundation

/// A compiled regular expression that may be shared across threads.
/// Why: NSRegularExpression is immutable and thread-safe, but not marked Sendable
/// on every platform, and Swift Regex has no look-behind.
struct Pattern: @unchecked Sendable {
    private let regex: NSRegularExpression
    /// ASCII characters of which every match holds at least one, as a bit set; empty when any text may match.
    private let needed: (low: UInt64, high: UInt64)
    /// Consecutive digits every match holds; 0 when it may hold none.
    private let digitRun: Int
    /// The most digits that run, with no digit beside it, may have.
    private let digitRunAtMost: Int

    static let digits = "0123456789"

    /// - Parameter needsOneOf: ASCII characters (not letters, whose case may vary) of which every
    ///   match contains one, such as `Pattern.digits` for `\d`. Text without any is answered without
    ///   running the expression: a third of receipt lines have no digit, and handing a line to ICU
    ///   costs more than scanning its bytes.
    /// - Parameter digitRun: how many digits in a row every match holds (4 for a year "(?:19|20)\d{2}",
    ///   5 for a ZIP code): most lines have a price's two at most, and are answered without ICU.
    /// - Parameter digitRunAtMost: how many digits that run may have at most, with no digit before or
    ///   after it (4 for a year "(?<!\d)(?:19|20)\d{2}[-/.]", 8 for eight digits alone): a long line's
    ///   prices, phone numbers and card numbers hold runs of two and of many digits, seldom of exactly these.
    init(_ pattern: String, caseInsensitive: Bool = true, needsOneOf: String = "", digitRun: Int = 0, digitRunAtMost: Int = .max) {
        // The patterns are literals in this module; a bad one is a programming error.
        regex = try! NSRegularExpression(pattern: pattern, options: caseInsensitive ? [.caseInsensitive] : [])
        needed = needsOneOf.utf8.reduce((0, 0)) { set, byte in
            precondition(byte < 0x80 && !Character(Unicode.Scalar(byte)).isLetter, "only ASCII non-letters can be required")
            return byte < 64 ? (set.low | 1 << byte, set.high) : (set.low, set.high | 1 << (byte - 64))
        }
        precondition(digitRunAtMost == .max || (1...digitRunAtMost).contains(digitRun), "a bounded run needs its least length")
        self.digitRun = digitRun
        self.digitRunAtMost = digitRunAtMost
    }

    func matches(in text: String) -> [PatternMatch] {
        guard mayMatch(text) else { return [] }
        return regex.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)).map { match($0, in: text) }
    }

    func firstMatch(in text: String) -> PatternMatch? {
        guard mayMatch(text) else { return nil }
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)).map { match($0, in: text) }
    }

    func isMatched(by text: String) -> Bool {
        guard mayMatch(text) else { return false }
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }

    private func match(_ result: NSTextCheckingResult, in text: String) -> PatternMatch {
        // Groups are cut from the Swift string: going through NSString transcoded each one from UTF-16.
        let groups = (0..<result.numberOfRanges).map { index -> String? in
            Range(result.range(at: index), in: text).map { String(text[$0]) }
        }
        return PatternMatch(groups: groups, location: result.range.location, length: result.range.length)
    }

    /// False only when the text cannot match: it is ASCII and holds none of the needed characters,
    /// or it has no run of `digitRun` (to `digitRunAtMost`) digits.
    /// Text with other characters goes to ICU, whose `\d` also takes other scripts' digits.
    private func mayMatch(_ text: String) -> Bool {
        // On the string's own bytes when it has them in one piece, as native strings do: iterating the
        // UTF-8 view cost several times as much a byte, and every line passes through many patterns.
        text.utf8.withContiguousStorageIfAvailable(mayMatch) ?? Array(text.utf8).withUnsafeBufferPointer(mayMatch)
    }

    private func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needed == (0, 0) || bytes.contains(where: { byte in
            byte >= 0x80 || (byte < 64 ? needed.low >> byte & 1 == 1 : needed.high >> (byte - 64) & 1 == 1)
        }) else { return false }
        return digitRun == 0 || hasDigitRun(bytes)
    }

    /// Whether `digitRun` bytes in a row are digits or belong to other scripts' characters, of which
    /// `\d` takes some: every byte of such a digit is one of those. A run of ASCII digits alone must
    /// also have `digitRunAtMost` at most; one with other bytes may be fewer characters than bytes.
    private func hasDigitRun(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0, otherScript = false
        for byte in bytes {
            if byte >= 0x80 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                run += 1
                otherScript = otherScript || byte >= 0x80
                if run == digitRun, digitRunAtMost == .max { return true }
            } else {
                if run >= digitRun, otherScript || run <= digitRunAtMost { return true }
                run = 0
                otherScript = false
            }
        }
        return run >= digitRun && (otherScript || run <= digitRunAtMost)
    }
}
