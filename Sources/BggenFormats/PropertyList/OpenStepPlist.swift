/// A value of an old-style (OpenStep / ASCII) property list, the format of `project.pbxproj`.
package indirect enum OpenStepValue: Equatable, Sendable {
    case string(String)
    case array([OpenStepValue])
    case dictionary([String: OpenStepValue])

    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    package var array: [OpenStepValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    package var dictionary: [String: OpenStepValue]? {
        if case .dictionary(let value) = self { value } else { nil }
    }

    /// A build setting may be written as a list (`OTHER_LDFLAGS = ("-ObjC", "$(inherited)")`); Xcode joins it with spaces.
    package var settingText: String? {
        switch self {
        case .string(let value): value
        case .array(let values): values.compactMap(\.string).joined(separator: " ")
        case .dictionary: nil
        }
    }
}

/// A syntax problem at a 1-based line, before the caller adds the file name.
package struct OpenStepSyntaxError: Error, Equatable {
    package let line: Int
    package let reason: String

    package init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// Reads the ASCII property-list syntax Xcode writes: `{ key = value; }`, `( a, b, )`, quoted and bare strings,
/// `<hex data>`, and `/* */` and `//` comments. Comments are skipped, so the `/* Foo.swift */` labels Xcode puts
/// after object IDs never reach the model.
package enum OpenStepParser {
    package static func parse(_ text: String) throws(OpenStepSyntaxError) -> OpenStepValue {
        var scanner = Scanner(bytes: Array(text.utf8))
        try scanner.skipTrivia()
        let value = try scanner.parseValue()
        try scanner.skipTrivia()
        guard scanner.position == scanner.bytes.count else {
            throw scanner.fail("unexpected text after the end of the property list")
        }
        return value
    }

    private struct Scanner {
        package let bytes: [UInt8]
        package var position = 0
        package var depth = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }

        package func fail(_ reason: String, at offset: Int? = nil) -> OpenStepSyntaxError {
            let end = min(offset ?? position, bytes.count)
            var line = 1
            var index = 0
            while index < end {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            return OpenStepSyntaxError(line: line, reason: reason)
        }

        package var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        package func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func skipTrivia() throws(OpenStepSyntaxError) {
            while let byte = current {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    position += 1
                } else if byte == UInt8(ascii: "/"), self.byte(at: position + 1) == UInt8(ascii: "/") {
                    while let next = current, next != UInt8(ascii: "\n") { position += 1 }
                } else if byte == UInt8(ascii: "/"), self.byte(at: position + 1) == UInt8(ascii: "*") {
                    let start = position
                    position += 2
                    while true {
                        guard let next = current else { throw fail("a /* comment that never ends", at: start) }
                        if next == UInt8(ascii: "*"), self.byte(at: position + 1) == UInt8(ascii: "/") {
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

        /// Reports a missing separator on the line where the previous value ended, where the fix belongs.
        package mutating func expect(_ character: Character, after what: String) throws(OpenStepSyntaxError) {
            let end = position
            try skipTrivia()
            guard let byte = current, byte == character.asciiValue! else {
                let found = current.map { "'\(Character(Unicode.Scalar($0)))'" } ?? "the end of the file"
                throw fail("expected '\(character)' \(what), found \(found)", at: end)
            }
            position += 1
        }

        mutating func parseValue() throws(OpenStepSyntaxError) -> OpenStepValue {
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

        mutating func parseDictionary() throws(OpenStepSyntaxError) -> OpenStepValue {
            guard depth < NestingLimit.maximum else { throw fail(NestingLimit.reason) }
            depth += 1
            defer { depth -= 1 }
            position += 1
            var result: [String: OpenStepValue] = [:]
            while true {
                try skipTrivia()
                guard let byte = current else { throw fail("a { dictionary that is never closed") }
                if byte == UInt8(ascii: "}") {
                    position += 1
                    return .dictionary(result)
                }
                let key = try parseString()
                try expect("=", after: "after the key '\(key)'")
                let value = try parseValue()
                try expect(";", after: "after the value of '\(key)'")
                result[key] = value
            }
        }

        mutating func parseArray() throws(OpenStepSyntaxError) -> OpenStepValue {
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

        mutating func parseData() throws(OpenStepSyntaxError) -> OpenStepValue {
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

        static func isBare(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || "_$+/:.-~@".utf8.contains(byte)
        }

        mutating func parseString() throws(OpenStepSyntaxError) -> String {
            guard let byte = current else { throw fail("the file ends where a string is expected") }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                return try parseQuoted(byte)
            }
            let start = position
            while let next = current, Self.isBare(next) {
                if next == UInt8(ascii: "/"), let after = self.byte(at: position + 1),
                   after == UInt8(ascii: "/") || after == UInt8(ascii: "*") {
                    break
                }
                position += 1
            }
            guard position > start else {
                throw fail("unexpected '\(Character(Unicode.Scalar(byte)))'")
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func parseQuoted(_ quote: UInt8) throws(OpenStepSyntaxError) -> String {
            let start = position
            position += 1
            var output: [UInt8] = []
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
        mutating func octalEscape(first: UInt8) throws(OpenStepSyntaxError) -> UInt8 {
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
        mutating func unicodeEscape() throws(OpenStepSyntaxError) -> Unicode.Scalar {
            let high = try hexDigits()
            if (0xD800...0xDBFF).contains(high), current == UInt8(ascii: "\\"), position + 1 < bytes.count,
               bytes[position + 1] == UInt8(ascii: "U") || bytes[position + 1] == UInt8(ascii: "u") {
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
            while digits < 4, let next = current, let digit = UInt32(String(UnicodeScalar(next)), radix: 16) {
                value = value * 16 + digit
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw fail("a bad \\U escape") }
            return value
        }
    }
}
