import Foundation

/// The byte scanner behind `OpenStepDocument`, over the UTF-8 of the text for the duration of one parse: it writes
/// each value into the document's flat table, a string as the range of its bytes, and makes a `String` only of one
/// with escapes.
///
/// The `OpenStepScanner.padding` bytes after `bytes` must be readable and 0: the loops over blanks and bare strings
/// stop at the first as at any byte that is neither, instead of comparing their place with the end at every byte,
/// and the loop over bare strings reads four bytes at a time.
struct OpenStepScanner {
    /// How many zero bytes must follow the text.
    static let padding = 8

    private let bytes: UnsafeBufferPointer<UInt8>
    /// `bytes`, and the zeros after them.
    private let base: UnsafePointer<UInt8>
    private var position = 0
    private var depth = 0
    private(set) var nodes: [OpenStepDocument.Node] = []
    private(set) var decoded: [String] = []
    /// `classTable`'s bytes, held for the parse: reading the static in the loops checked its `swift_once` for every
    /// string, and an array's subscript checked its bounds at every byte.
    private let classes: UnsafePointer<UInt8>

    /// Scans `bytes` (followed by `padding` zeros) into the table of a document.
    static func scan(padded bytes: UnsafeBufferPointer<UInt8>) throws(OpenStepSyntaxError) -> (nodes: [OpenStepDocument.Node], decoded: [String]) {
        var failure: OpenStepSyntaxError?
        let table = classTable.withUnsafeBufferPointer { classes -> (nodes: [OpenStepDocument.Node], decoded: [String]) in
            var scanner = OpenStepScanner(padded: bytes, classes: classes.baseAddress!)
            do throws(OpenStepSyntaxError) {
                try scanner.scanDocument()
            } catch {
                failure = error
            }
            return (scanner.nodes, scanner.decoded)
        }
        if let failure { throw failure }
        return table
    }

    private init(padded bytes: UnsafeBufferPointer<UInt8>, classes: UnsafePointer<UInt8>) {
        self.bytes = bytes
        base = bytes.baseAddress!
        self.classes = classes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        // About one value in twenty bytes of a project.
        nodes.reserveCapacity(bytes.count / 16)
    }

    private mutating func scanDocument() throws(OpenStepSyntaxError) {
        try skipTrivia()
        try scanValue()
        try skipTrivia()
        guard position == bytes.count else {
            throw fail("unexpected text after the end of the property list")
        }
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

    /// Blanks and comments. Most values are followed by their separator or by one space (`key = value; key…`), so
    /// those cases are decided here, inline, and the loops are called only for more.
    @inline(__always)
    private mutating func skipTrivia() throws(OpenStepSyntaxError) {
        var at = position
        if base[at] == UInt8(ascii: " ") { at &+= 1 }
        if classes[Int(base[at])] & (Self.blank | Self.slash) != 0 {
            try skipBlanksAndComments()
        } else {
            position = at
        }
    }

    /// A comment's end is found by `memchr`, as Xcode writes one after every object ID. The place is kept in a
    /// local while scanning, as in `scanString`: a property of `self` was stored at every byte.
    private mutating func skipBlanksAndComments() throws(OpenStepSyntaxError) {
        var at = position
        defer { position = at }
        while true {
            while classes[Int(base[at])] == Self.blank { at &+= 1 }
            guard base[at] == UInt8(ascii: "/") else { return }
            if base[at + 1] == UInt8(ascii: "/") {
                at = offset(of: UInt8(ascii: "\n"), from: at + 2) ?? bytes.count
            } else if base[at + 1] == UInt8(ascii: "*") {
                var star = at + 2
                while true {
                    guard let found = offset(of: UInt8(ascii: "*"), from: star) else {
                        throw fail("a /* comment that never ends", at: at)
                    }
                    if base[found + 1] == UInt8(ascii: "/") {
                        at = found + 2
                        break
                    }
                    star = found + 1
                }
            } else {
                return
            }
        }
    }

    /// The first `byte` at or after `start`.
    private func offset(of byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// What a missing separator came after, for its message.
    private enum Place {
        case key(Int)
        case valueOf(Int)
    }

    /// Reports a missing separator on the line where the previous value ended, where the fix belongs. The message
    /// is built only when it is thrown, away from the common path, which is inline.
    @inline(__always)
    private mutating func expect(_ separator: UInt8, after place: Place) throws(OpenStepSyntaxError) {
        let end = position
        try skipTrivia()
        // The zeros after the text are no separator.
        guard base[position] == separator else {
            throw missing(separator, after: place, end: end)
        }
        position += 1
    }

    private func missing(_ separator: UInt8, after place: Place, end: Int) -> OpenStepSyntaxError {
        let found = current.map { "'\(Character(Unicode.Scalar($0)))'" } ?? "the end of the file"
        let what = switch place {
        case .key(let key): "after the key '\(text(of: key))'"
        case .valueOf(let key): "after the value of '\(text(of: key))'"
        }
        return fail("expected '\(Character(Unicode.Scalar(separator)))' \(what), found \(found)", at: end)
    }

    /// The text of the string at `index` of `nodes`, for a message.
    private func text(of index: Int) -> String {
        let node = nodes[index]
        if node.kind == .decoded { return decoded[node.start] }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.start + node.count]), as: UTF8.self)
    }

    private mutating func scanValue() throws(OpenStepSyntaxError) {
        try skipTrivia()
        guard let byte = current else { throw fail("the file ends where a value is expected") }
        switch byte {
        case UInt8(ascii: "{"):
            try scanDictionary()
        case UInt8(ascii: "("):
            try scanArray()
        case UInt8(ascii: "<"):
            try scanData()
        default:
            try scanString()
        }
    }

    /// Adds a list or dictionary whose count and end are filled in at its close.
    private mutating func open(_ kind: OpenStepDocument.Node.Kind) throws(OpenStepSyntaxError) -> Int {
        guard depth < NestingLimit.maximum else { throw fail(NestingLimit.reason) }
        depth += 1
        position += 1
        nodes.append(.init(kind: kind, start: position, count: 0, after: 0))
        return nodes.count - 1
    }

    private mutating func close(_ index: Int, count: Int) {
        depth -= 1
        position += 1
        nodes[index].count = count
        nodes[index].after = nodes.count
    }

    private mutating func scanDictionary() throws(OpenStepSyntaxError) {
        let index = try open(.dictionary)
        var count = 0
        while true {
            try skipTrivia()
            guard let byte = current else { throw fail("a { dictionary that is never closed") }
            if byte == UInt8(ascii: "}") {
                close(index, count: count)
                return
            }
            let key = nodes.count
            try scanString()
            try expect(UInt8(ascii: "="), after: .key(key))
            try scanValue()
            try expect(UInt8(ascii: ";"), after: .valueOf(key))
            count += 1
        }
    }

    private mutating func scanArray() throws(OpenStepSyntaxError) {
        let index = try open(.array)
        var count = 0
        while true {
            try skipTrivia()
            guard let byte = current else { throw fail("a ( list that is never closed") }
            if byte == UInt8(ascii: ")") {
                close(index, count: count)
                return
            }
            try scanValue()
            count += 1
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                position += 1
            } else if current != UInt8(ascii: ")") {
                throw fail("expected ',' or ')' in a list")
            }
        }
    }

    private mutating func scanData() throws(OpenStepSyntaxError) {
        let start = position
        position += 1
        var hex: [UInt8] = []
        while let byte = current, byte != UInt8(ascii: ">") {
            if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) { hex.append(byte) }
            position += 1
        }
        guard current == UInt8(ascii: ">") else { throw fail("a <data> value that is never closed", at: start) }
        position += 1
        addDecoded(String(decoding: hex, as: UTF8.self))
    }

    private mutating func addText(from start: Int, to end: Int) {
        nodes.append(.init(kind: .text, start: start, count: end - start, after: nodes.count + 1))
    }

    private mutating func addDecoded(_ text: String) {
        nodes.append(.init(kind: .decoded, start: decoded.count, count: 0, after: nodes.count + 1))
        decoded.append(text)
    }

    /// What each byte is to the loops over blanks and bare strings: one bit each, so that four bytes are found to
    /// be bare by one test of their classes and-ed together.
    private static let other: UInt8 = 0, bare: UInt8 = 1, slash: UInt8 = 2, blank: UInt8 = 4
    private static let classTable: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "@"):
            bare
        case UInt8(ascii: "/"):
            slash
        case 0x20, 0x09, 0x0A, 0x0D:
            blank
        default:
            other
        }
    }

    /// Inline in its two callers, the value and the dictionary key: a call for each of a project's tens of thousands
    /// of strings cost a fifth of scanning them.
    @inline(__always)
    private mutating func scanString() throws(OpenStepSyntaxError) {
        let start = position
        // At the end of the text, the first zero after it: no quote, and no bare byte.
        let byte = base[start]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return try scanQuoted(byte)
        }
        var end = start
        while true {
            // Four bytes at a time, then one: the zeros after the text stop both (`padding`).
            while classes[Int(base[end])] & classes[Int(base[end &+ 1])] & classes[Int(base[end &+ 2])]
                    & classes[Int(base[end &+ 3])] == Self.bare {
                end &+= 4
            }
            while classes[Int(base[end])] == Self.bare { end &+= 1 }
            // `//` and `/*` start a comment even right after a string; a slash alone is part of it.
            guard base[end] == UInt8(ascii: "/"), base[end + 1] != UInt8(ascii: "/"), base[end + 1] != UInt8(ascii: "*") else { break }
            end &+= 1
        }
        guard end > start else {
            guard start < bytes.count else { throw fail("the file ends where a string is expected") }
            throw fail("unexpected '\(Character(Unicode.Scalar(byte)))'")
        }
        position = end
        addText(from: start, to: end)
    }

    /// A quoted string without escapes, the common case, is a range of the text's own bytes; one with escapes is
    /// decoded into a buffer.
    private mutating func scanQuoted(_ quote: UInt8) throws(OpenStepSyntaxError) {
        let start = position
        position += 1
        var plainEnd = position
        while plainEnd < bytes.count, bytes[plainEnd] != quote, bytes[plainEnd] != UInt8(ascii: "\\") { plainEnd += 1 }
        if plainEnd < bytes.count, bytes[plainEnd] == quote {
            addText(from: position, to: plainEnd)
            position = plainEnd + 1
            return
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
        addDecoded(String(decoding: output, as: UTF8.self))
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
