import Foundation

/// Knows, byte by byte of the UTF-8, whether a YAML line is inside a quoted scalar, so that `#`, `:` and brackets
/// inside quotes are text. A quote opens a scalar only where a value starts (after a space, a tab, a bracket, a
/// comma or a colon), so the apostrophe in `it's` does not; `\"` inside double quotes and `''` inside single ones do
/// not close it. Every byte it looks for is ASCII, which no byte of a longer scalar equals, so reading bytes (not
/// Characters, a tenth of reading element-x-ios's spec) tells the same scalars apart.
struct QuoteTracker {
    private var open: UInt8?
    /// A `'` inside single quotes: the end of the scalar, unless another `'` follows (an escaped quote).
    private var closing = false
    private var escaped = false
    private var previous = UInt8(ascii: " ")

    /// Whether the text so far ends inside a quoted scalar.
    var isOpen: Bool { open != nil && !closing }

    /// Consumes `byte`; true when it belongs to a quoted scalar (its quotes included).
    package mutating func step(_ byte: UInt8) -> Bool {
        defer { previous = byte }
        if closing {
            closing = false
            if byte == UInt8(ascii: "'") { return true }
            open = nil
        }
        if let quote = open {
            if escaped {
                escaped = false
            } else if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == quote {
                if quote == UInt8(ascii: "'") { closing = true } else { open = nil }
            }
            return true
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            switch previous {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"):
                open = byte
                return true
            default:
                break
            }
        }
        return false
    }
}

enum YAMLScalar {
    /// The value of a scalar as written: quotes removed and escapes decoded. A quoted scalar must be exactly one
    /// quoted string; a plain one is taken as it is.
    package static func value(_ text: String, line: Int) throws(YAMLSyntaxError) -> String {
        // Most scalars are plain: told from the first byte, before the first Character is made.
        guard YAMLSubset.starts(text, with: "\"") || YAMLSubset.starts(text, with: "'"), let quote = text.first else { return text }
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        guard let end = ascii ? closingQuoteOfASCII(text) : closingQuote(of: text, quote) else {
            throw YAMLSyntaxError(line: line, reason: "a quoted string that never ends")
        }
        guard text.index(after: end) == text.endIndex else {
            throw YAMLSyntaxError(line: line, reason: "text after the closing quote of \(text[...end])")
        }
        let body = text[text.index(after: text.startIndex)..<end]
        // Foundation's replacing took 100,000 instructions a call, and decoding appends scalar by scalar: a body
        // without `''`, or without a backslash, is its own value.
        guard quote == "'" else { return body.utf8.contains(UInt8(ascii: "\\")) ? try unescape(body, line: line) : String(body) }
        return body.utf8.contains(UInt8(ascii: "'")) ? body.replacingOccurrences(of: "''", with: "'") : String(body)
    }

    /// The index of the quote that closes the scalar `text` opens: a backslash inside double quotes escapes the
    /// Character after it, and `''` inside single quotes is a quote. Read by Characters, since a quote or a
    /// backslash followed by a combining mark is another Character.
    private static func closingQuote(of text: String, _ quote: Character) -> String.Index? {
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if quote == "\"" && character == "\\" {
                index = next < text.endIndex ? text.index(after: next) : next
                continue
            }
            if character == quote {
                if quote == "'", next < text.endIndex, text[next] == "'" {
                    index = text.index(after: next)
                    continue
                }
                return index
            }
            index = next
        }
        return nil
    }

    /// `closingQuote` of an ASCII text, read by bytes: each is a Character but in CR-LF, which holds neither a
    /// quote nor a backslash.
    private static func closingQuoteOfASCII(_ text: String) -> String.Index? {
        let utf8 = text.utf8
        let quote = utf8[utf8.startIndex]
        var index = utf8.index(after: utf8.startIndex)
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if quote == UInt8(ascii: "\"") && byte == UInt8(ascii: "\\") {
                index = next < utf8.endIndex ? utf8.index(after: next) : next
                continue
            }
            if byte == quote {
                if quote == UInt8(ascii: "'"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "'") {
                    index = utf8.index(after: next)
                    continue
                }
                return index
            }
            index = next
        }
        return nil
    }

    /// Decodes the escapes of a double-quoted scalar (YAML 1.2, section 5.7).
    private static func unescape(_ body: Substring, line: Int) throws(YAMLSyntaxError) -> String {
        var result = String.UnicodeScalarView()
        var scalars = body.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escape = scalars.next() else { throw YAMLSyntaxError(line: line, reason: "a backslash at the end of a quoted string") }
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
                "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
                "L": "\u{2028}", "P": "\u{2029}",
            ]
            if let decoded = simple[escape] {
                result.append(decoded)
                continue
            }
            let digits = ["x": 2, "u": 4, "U": 8][String(escape)]
            var hex = ""
            for _ in 0..<(digits ?? 0) {
                if let next = scalars.next() { hex.unicodeScalars.append(next) }
            }
            guard let digits, hex.count == digits, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                throw YAMLSyntaxError(line: line, reason: "\\\(escape)\(hex) is not a YAML escape")
            }
            result.append(decoded)
        }
        return String(result)
    }
}
