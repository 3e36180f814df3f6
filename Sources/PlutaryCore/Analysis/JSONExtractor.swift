import Foundation

/// Finds the one JSON object in a model's answer: bare, inside a markdown
/// fence, or after some prose; and repairs an answer cut off mid-object (the
/// model hit its token limit) by closing what is open.
enum JSONExtractor {
    struct Extracted {
        let object: [String: Any]
        /// True when the text was cut off and had to be closed.
        let repaired: Bool
    }

    static func object(in text: String) throws(AnalysisError) -> Extracted {
        let candidate = fenced(text) ?? text
        guard let start = candidate.firstIndex(of: "{") else {
            throw .malformed("no JSON object in the answer")
        }
        let body = String(candidate[start...])
        let (prefix, complete) = balancedPrefix(body)
        if complete, let object = parse(prefix) { return Extracted(object: object, repaired: false) }
        if !complete, let repaired = repair(body), let object = parse(repaired) {
            return Extracted(object: object, repaired: true)
        }
        throw .malformed(complete ? "the answer's JSON does not parse" : "the answer's JSON is cut off and cannot be repaired")
    }

    /// The content of the first ``` fence (with or without a language tag); an
    /// unclosed fence (a cut-off answer) runs to the end.
    static func fenced(_ text: String) -> String? {
        guard let open = text.range(of: "```") else { return nil }
        var rest = text[open.upperBound...]
        if let newline = rest.firstIndex(of: "\n") { rest = rest[rest.index(after: newline)...] }
        if let close = rest.range(of: "```") { return String(rest[..<close.lowerBound]) }
        return String(rest)
    }

    private static func parse(_ text: String) -> [String: Any]? {
        guard let data = text.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The text up to the brace that closes the first one, and whether it closed.
    private static func balancedPrefix(_ text: String) -> (String, Bool) {
        var depth = 0
        var inString = false
        var escaped = false
        for index in text.indices {
            let char = text[index]
            if inString {
                if escaped { escaped = false } else if char == "\\" { escaped = true } else if char == "\"" { inString = false }
                continue
            }
            switch char {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return (String(text[...index]), true) }
            default: break
            }
        }
        return (text, false)
    }

    /// Closes a cut-off object. The last value may be incomplete (a string or
    /// number cut mid-way), so it is dropped with its key rather than guessed;
    /// then dangling separators go and every open bracket is closed.
    static func repair(_ text: String) -> String? {
        var chars = Array(text)
        var (stack, openString) = scan(chars)
        guard !stack.isEmpty || openString != nil else { return nil }
        if let openString { chars.removeSubrange(openString...) }
        var changed = true
        while changed {
            changed = false
            while let last = chars.last, last.isWhitespace { chars.removeLast() }
            guard let last = chars.last else { return nil }
            if last == "," || last == ":" {
                chars.removeLast(); changed = true
                if last == ":" { dropTrailingString(&chars) }
            } else if last.isLetter || last.isNumber || last == "." || last == "-" || last == "+" {
                var token = ""
                while let c = chars.last, c.isLetter || c.isNumber || c == "." || c == "-" || c == "+" {
                    token.insert(c, at: token.startIndex); chars.removeLast()
                }
                // A literal spelled out is whole; a number may have lost digits, so it goes.
                if ["true", "false", "null"].contains(token) { chars.append(contentsOf: token) } else { changed = true }
            } else if last == "\"" && isDanglingKey(chars) {
                dropTrailingString(&chars); changed = true
            }
        }
        (stack, openString) = scan(chars)
        guard openString == nil else { return nil }
        return String(chars) + String(stack.reversed())
    }

    /// The closers still needed and the start of an unterminated string, if any.
    private static func scan(_ chars: [Character]) -> ([Character], Int?) {
        var stack: [Character] = []
        var stringStart: Int?
        var escaped = false
        for (index, char) in chars.enumerated() {
            if stringStart != nil {
                if escaped { escaped = false } else if char == "\\" { escaped = true } else if char == "\"" { stringStart = nil }
                continue
            }
            switch char {
            case "\"": stringStart = index
            case "{": stack.append("}")
            case "[": stack.append("]")
            case "}", "]": if !stack.isEmpty { stack.removeLast() }
            default: break
            }
        }
        return (stack, stringStart)
    }

    /// Removes the complete string that ends the text.
    private static func dropTrailingString(_ chars: inout [Character]) {
        while let last = chars.last, last.isWhitespace { chars.removeLast() }
        guard chars.last == "\"" else { return }
        var index = chars.count - 2
        while index >= 0 {
            if chars[index] == "\"" {
                var backslashes = 0
                var look = index - 1
                while look >= 0, chars[look] == "\\" { backslashes += 1; look -= 1 }
                if backslashes % 2 == 0 { break }
            }
            index -= 1
        }
        if index >= 0 { chars.removeSubrange(index...) }
    }

    /// A string that ends the text right after `{` or `,` inside an object is a key with no value.
    private static func isDanglingKey(_ chars: [Character]) -> Bool {
        var copy = chars
        dropTrailingString(&copy)
        while let last = copy.last, last.isWhitespace { copy.removeLast() }
        guard copy.last == "{" || copy.last == "," else { return false }
        return scan(copy).0.last == "}"
    }
}
