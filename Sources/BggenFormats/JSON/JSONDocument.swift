/// A JSON text read strictly, as RFC 8259 has it (no trailing comma, no single quotes, no duplicate key), except that
/// `//` and `/* */` comments are allowed, as in `tsconfig.json` or VS Code's settings, so a team can say in its
/// configuration why a rule is off. Every error names its line; every key's line is kept, so a reader's own errors
/// about a value can name it too. One pass over the bytes, nesting bounded by `NestingLimit`.
public struct JSONDocument: Sendable {
    public let value: JSONValue
    /// The line (from 1) of each object member's key, by its path of keys from the top (`doctor.disabled`).
    public let keyLines: [String: Int]
    /// The text of each member of the top-level object's value as written, comments inside it included.
    public let memberSources: [String: String]

    public init(parsing text: String) throws(JSONSyntaxError) {
        var reader = Reader(bytes: Array(text.utf8))
        value = try reader.document()
        keyLines = reader.keyLines
        memberSources = reader.memberSources
    }
}

/// Where and why a JSON text is not JSON.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public let line: Int
    public let problem: String

    public init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }
}

private struct Reader {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var depth = 0
    var keyLines: [String: Int] = [:]
    var memberSources: [String: String] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        try skipSpace()
        let value = try self.value(path: nil)
        try skipSpace()
        guard index == bytes.count else { throw fail("more text after the end of the document") }
        return value
    }

    func fail(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, problem: problem)
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Spaces, line breaks and comments; counts lines.
    mutating func skipSpace() throws(JSONSyntaxError) {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"): index += 1; line += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while let next = peek, next != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let opened = line
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                guard index + 1 < bytes.count else { throw JSONSyntaxError(line: opened, problem: "a /* comment that is never closed") }
                index += 2
            default: return
            }
        }
    }

    /// The value at `index`; `path` is the key path of the member it belongs to, for `keyLines`.
    mutating func value(path: String?) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek else { throw fail("the text ends where a value is expected") }
        switch byte {
        case UInt8(ascii: "{"): return try nested { (reader: inout Reader) throws(JSONSyntaxError) in try reader.object(path: path) }
        case UInt8(ascii: "["): return try nested { (reader: inout Reader) throws(JSONSyntaxError) in try reader.array(path: path) }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "'"): throw fail("a string in single quotes; JSON strings take double quotes")
        default: throw fail("'\(Self.shown(byte))' where a value is expected")
        }
    }

    mutating func nested(_ read: (inout Reader) throws(JSONSyntaxError) -> JSONValue) throws(JSONSyntaxError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= NestingLimit.maximum else { throw fail(NestingLimit.reason) }
        return try read(&self)
    }

    mutating func object(path: String?) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        try skipSpace()
        if peek == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            guard peek == UInt8(ascii: "\"") else {
                throw fail(members.isEmpty || peek != UInt8(ascii: "}") ? "a key in double quotes expected" : "a trailing comma before '}'")
            }
            let keyLine = line
            let key = try string()
            guard members[key] == nil else { throw fail("'\(key)' appears twice in one object") }
            let keyPath = path.map { "\($0).\(key)" } ?? key
            keyLines[keyPath] = keyLine
            try skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail("':' expected after '\(key)'") }
            index += 1
            try skipSpace()
            let start = index
            members[key] = try value(path: keyPath)
            if path == nil { memberSources[key] = String(decoding: bytes[start..<index], as: UTF8.self) }
            try skipSpace()
            switch peek {
            case UInt8(ascii: ","): index += 1; try skipSpace()
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("',' or '}' expected after the value of '\(key)'")
            }
        }
    }

    mutating func array(path: String?) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        try skipSpace()
        if peek == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            if peek == UInt8(ascii: "]") { throw fail("a trailing comma before ']'") }
            items.append(try value(path: path))
            try skipSpace()
            switch peek {
            case UInt8(ascii: ","): index += 1; try skipSpace()
            case UInt8(ascii: "]"): index += 1; return .array(items)
            default: throw fail("',' or ']' expected after an item of a list")
            }
        }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("'\(Self.shown(bytes[index]))' where a value is expected")
        }
        index += expected.count
        return value
    }

    mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        func digits(_ reader: inout Reader) -> Int {
            let from = reader.index
            while let byte = reader.peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { reader.index += 1 }
            return reader.index - from
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        let leadingZero = peek == UInt8(ascii: "0")
        let whole = digits(&self)
        guard whole > 0, !(leadingZero && whole > 1) else { throw fail("a number such as 1 or 0.5 expected") }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("a digit expected after the decimal point") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw fail("a digit expected in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw fail("a number out of range") }
        return .number(number)
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ reader: Reader) {
            scalars.append(contentsOf: String(decoding: reader.bytes[run..<reader.index], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = peek else { throw fail("a string that is never closed") }
            switch byte {
            case UInt8(ascii: "\""):
                flush(self)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self)
                index += 1
                scalars.append(try escape())
                run = index
            case 0..<0x20:
                throw fail(byte == UInt8(ascii: "\n") ? "a line break inside a string (write \\n)" : "a control character inside a string")
            default:
                index += 1
            }
        }
    }

    /// The character after a backslash, `\uXXXX` (and a surrogate pair of them) included.
    mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw fail("a string that is never closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xD800..<0xDC00).contains(first), peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let second = try hex4()
                if (0xDC00..<0xE000).contains(second), let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) {
                    return scalar
                }
            }
            guard let scalar = Unicode.Scalar(first) else { throw fail("\\u\(String(first, radix: 16)) is half of a surrogate pair") }
            return scalar
        default:
            throw fail("'\\\(Self.shown(byte))' is not an escape JSON knows")
        }
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw fail("four hexadecimal digits expected after \\u")
        }
        index += 4
        return value
    }

    /// A byte for a message: printable ASCII as itself, anything else as its code.
    static func shown(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "byte 0x\(String(byte, radix: 16))"
    }
}
