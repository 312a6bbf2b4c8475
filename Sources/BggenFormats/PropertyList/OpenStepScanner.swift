/// The byte scanner behind `OpenStepParser`, over the UTF-8 of the text for the duration of one parse.
struct OpenStepScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    /// The entries of the dictionaries being read, innermost last: each dictionary is made at its `}` with room
    /// for all its entries, instead of growing (and hashing every key again) as they arrive.
    private var entries: [(key: String, value: OpenStepValue)] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    mutating func parseDocument() throws(OpenStepSyntaxError) -> OpenStepValue {
        try skipTrivia()
        let value = try parseValue()
        try skipTrivia()
        guard position == bytes.count else {
            throw fail("unexpected text after the end of the property list")
        }
        return value
    }

    /// Counts lines only on failure, so a well-formed file pays nothing for the line its error would name.
    private func fail(_ reason: String, at offset: Int? = nil) -> OpenStepSyntaxError {
        let end = min(offset ?? position, bytes.count)
        var line = 1
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") { line += 1 }
        return OpenStepSyntaxError(line: line, reason: reason)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipTrivia() throws(OpenStepSyntaxError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            } else if byte == UInt8(ascii: "/"), self.byte(at: position + 1) == UInt8(ascii: "/") {
                while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: "/"), self.byte(at: position + 1) == UInt8(ascii: "*") {
                let start = position
                position += 2
                while true {
                    guard position < bytes.count else { throw fail("a /* comment that never ends", at: start) }
                    if bytes[position] == UInt8(ascii: "*"), self.byte(at: position + 1) == UInt8(ascii: "/") {
                        position += 2
                        break
                    }
                    position += 1
                }
            } else {
                return
            }
        }
    }

    /// Reports a missing separator on the line where the previous value ended, where the fix belongs. The message
    /// is built only when it is thrown.
    private mutating func expect(_ separator: UInt8, after what: @autoclosure () -> String) throws(OpenStepSyntaxError) {
        let end = position
        try skipTrivia()
        guard let byte = current, byte == separator else {
            let found = current.map { "'\(Character(Unicode.Scalar($0)))'" } ?? "the end of the file"
            throw fail("expected '\(Character(Unicode.Scalar(separator)))' \(what()), found \(found)", at: end)
        }
        position += 1
    }

    private mutating func parseValue() throws(OpenStepSyntaxError) -> OpenStepValue {
        try skipTrivia()
        guard let byte = current else { throw fail("the file ends where a value is expected") }
        switch byte {
        case UInt8(ascii: "{"):
            return try parseDictionary()
        case UInt8(ascii: "("):
            return try parseArray()
        case UInt8(ascii: "<"):
            return try parseData()
        default:
            return .string(try parseString())
        }
    }

    private mutating func parseDictionary() throws(OpenStepSyntaxError) -> OpenStepValue {
        guard depth < NestingLimit.maximum else { throw fail(NestingLimit.reason) }
        depth += 1
        defer { depth -= 1 }
        position += 1
        let first = entries.count
        while true {
            try skipTrivia()
            guard let byte = current else { throw fail("a { dictionary that is never closed") }
            if byte == UInt8(ascii: "}") {
                position += 1
                // Each entry is moved out of the stack, an empty one left in its place, rather than copied and
                // released again when the stack is cut: copying was a sixth of the parse of a large project.
                var written: [(key: String, value: OpenStepValue)] = []
                written.reserveCapacity(entries.count - first)
                entries.withUnsafeMutableBufferPointer { stack in
                    for index in first..<stack.count {
                        written.append((stack.baseAddress! + index).move())
                        (stack.baseAddress! + index).initialize(to: (key: "", value: .array([])))
                    }
                }
                entries.removeSubrange(first...)
                let result = OpenStepDictionary(written)
                return .dictionary(result)
            }
            let key = try parseString()
            try expect(UInt8(ascii: "="), after: "after the key '\(key)'")
            let value = try parseValue()
            try expect(UInt8(ascii: ";"), after: "after the value of '\(key)'")
            entries.append((key, value))
        }
    }

    private mutating func parseArray() throws(OpenStepSyntaxError) -> OpenStepValue {
        guard depth < NestingLimit.maximum else { throw fail(NestingLimit.reason) }
        depth += 1
        defer { depth -= 1 }
        position += 1
        var result: [OpenStepValue] = []
        while true {
            try skipTrivia()
            guard let byte = current else { throw fail("a ( list that is never closed") }
            if byte == UInt8(ascii: ")") {
                position += 1
                return .array(result)
            }
            result.append(try parseValue())
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                position += 1
            } else if current != UInt8(ascii: ")") {
                throw fail("expected ',' or ')' in a list")
            }
        }
    }

    private mutating func parseData() throws(OpenStepSyntaxError) -> OpenStepValue {
        let start = position
        position += 1
        var hex: [UInt8] = []
        while let byte = current, byte != UInt8(ascii: ">") {
            if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) { hex.append(byte) }
            position += 1
        }
        guard current == UInt8(ascii: ">") else { throw fail("a <data> value that is never closed", at: start) }
        position += 1
        return .string(String(decoding: hex, as: UTF8.self))
    }

    /// The characters of an unquoted string.
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    private mutating func parseString() throws(OpenStepSyntaxError) -> String {
        guard let byte = current else { throw fail("the file ends where a string is expected") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try parseQuoted(byte)
        }
        let start = position
        while position < bytes.count, Self.isBare(bytes[position]) {
            if bytes[position] == UInt8(ascii: "/"), let after = self.byte(at: position + 1),
               after == UInt8(ascii: "/") || after == UInt8(ascii: "*") {
                break
            }
            position += 1
        }
        guard position > start else {
            throw fail("unexpected '\(Character(Unicode.Scalar(byte)))'")
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// A quoted string without escapes, the common case, is made from the text's own bytes; one with escapes is
    /// decoded into a buffer.
    private mutating func parseQuoted(_ quote: UInt8) throws(OpenStepSyntaxError) -> String {
        let start = position
        position += 1
        var plainEnd = position
        while plainEnd < bytes.count, bytes[plainEnd] != quote, bytes[plainEnd] != UInt8(ascii: "\\") { plainEnd += 1 }
        if plainEnd < bytes.count, bytes[plainEnd] == quote {
            let contents = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<plainEnd]), as: UTF8.self)
            position = plainEnd + 1
            return contents
        }
        var output = Array(bytes[position..<plainEnd])
        position = plainEnd
        while true {
            guard let byte = current else { throw fail("a quoted string that never ends", at: start) }
            position += 1
            if byte == quote { break }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                continue
            }
            guard let escaped = current else { throw fail("a quoted string that never ends", at: start) }
            position += 1
            // The escapes CoreFoundation's OpenStep parser knows.
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "a"): output.append(0x07)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                output.append(try octalEscape(first: escaped))
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                output.append(contentsOf: Array(String(Character(try unicodeEscape())).utf8))
            default: output.append(escaped)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `\101`: up to three octal digits, the first already read. Above `\177` CoreFoundation reads NeXTSTEP
    /// encoding, which bggen does not carry a table for, so such a byte is an error rather than a guess.
    private mutating func octalEscape(first: UInt8) throws(OpenStepSyntaxError) -> UInt8 {
        var value = Int(first - UInt8(ascii: "0"))
        var digits = 1
        while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
            value = value * 8 + Int(next - UInt8(ascii: "0"))
            digits += 1
            position += 1
        }
        guard value < 0x80 else { throw fail("an octal escape above \\177, which is NeXTSTEP-encoded text") }
        return UInt8(value)
    }

    /// `\U00e9`: up to four hex digits, as CoreFoundation reads them; a UTF-16 surrogate pair written as two
    /// escapes (`\Ud83d\Ude80`) is one character.
    private mutating func unicodeEscape() throws(OpenStepSyntaxError) -> Unicode.Scalar {
        let high = try hexDigits()
        if (0xD800...0xDBFF).contains(high), current == UInt8(ascii: "\\"),
           byte(at: position + 1) == UInt8(ascii: "U") || byte(at: position + 1) == UInt8(ascii: "u") {
            position += 2
            let low = try hexDigits()
            guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw fail("a bad \\U escape")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw fail("a bad \\U escape") }
        return scalar
    }

    private mutating func hexDigits() throws(OpenStepSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, let next = current, let digit = Self.hexValue(next) {
            value = value * 16 + digit
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw fail("a bad \\U escape") }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
