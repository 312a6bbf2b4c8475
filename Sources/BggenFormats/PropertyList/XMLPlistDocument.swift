/// An XML property list read as text, keeping the byte offset and line of every element.
///
/// PropertyListSerialization would give the values but not where they are, and re-serialising with it re-sorts
/// and re-indents the whole file. Knowing the offsets lets the patcher insert a few lines and leave every other
/// byte alone. Only the plist vocabulary is accepted, so a mistake is reported with its line.
package struct XMLPlistDocument {
    /// One element with its place in the text. Offsets are UTF-8 byte offsets into `bytes`.
    package struct Element {
        package var name: String
        /// Offset of the opening `<`.
        package var start: Int
        /// Offset just after the last `>` (of the closing tag, or of the self-closing tag).
        package var end: Int
        /// Offset of the closing tag's `<`; equals `end` for a self-closing element.
        package var closingStart: Int
        package var isSelfClosing: Bool
        package var line: Int
        package var children: [Element] = []
        /// Decoded character data, for leaf elements.
        package var text: String = ""
    }

    package let bytes: [UInt8]
    /// The value inside `<plist>`.
    package let root: Element
    private let lineStarts: [Int]

    static let leafNames: Set<String> = ["key", "string", "integer", "real", "date", "data", "true", "false"]

    /// Throws `(line, reason)` so callers can name the file in their own error type.
    package init(bytes: [UInt8]) throws(XMLPlistSyntaxError) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        var parser = Parser(bytes: bytes, lineStarts: starts)
        let plist = try parser.parseDocument()
        guard plist.name == "plist" else {
            throw XMLPlistSyntaxError(line: plist.line, reason: "the top-level element is <\(plist.name)>, not <plist>")
        }
        guard plist.children.count == 1 else {
            throw XMLPlistSyntaxError(line: plist.line, reason: plist.children.isEmpty
                ? "<plist> is empty" : "<plist> holds \(plist.children.count) values instead of one")
        }
        root = plist.children[0]
        try Self.validate(root)
    }

    /// 1-based line of a byte offset.
    package func line(at offset: Int) -> Int {
        Self.line(at: offset, in: lineStarts)
    }

    /// The binary search both the document and its parser use: the 1-based line whose start is the last at or
    /// before `offset`.
    private static func line(at offset: Int, in lineStarts: [Int]) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// Offset of the first byte of the line holding `offset`.
    package func lineStart(at offset: Int) -> Int {
        lineStarts[line(at: offset) - 1]
    }

    /// The spaces and tabs before `offset` when nothing else precedes it on its line, else nil.
    package func indentation(before offset: Int) -> String? {
        let start = lineStart(at: offset)
        let prefix = bytes[start..<offset]
        guard prefix.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return nil }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// The key/value pairs of a dictionary element, in file order.
    package static func pairs(of dictionary: Element) -> [(key: Element, value: Element)] {
        stride(from: 0, to: dictionary.children.count - 1, by: 2).map {
            (dictionary.children[$0], dictionary.children[$0 + 1])
        }
    }

    private static func validate(_ element: Element) throws(XMLPlistSyntaxError) {
        switch element.name {
        case "dict":
            for (index, child) in element.children.enumerated() {
                let wantsKey = index % 2 == 0
                if wantsKey && child.name != "key" {
                    throw XMLPlistSyntaxError(line: child.line, reason: "<\(child.name)> inside <dict> where a <key> is expected")
                }
                if !wantsKey && child.name == "key" {
                    throw XMLPlistSyntaxError(line: child.line, reason: "<key>\(child.text)</key> follows another key without a value")
                }
                try validate(child)
            }
            if element.children.count % 2 == 1, let last = element.children.last {
                throw XMLPlistSyntaxError(line: last.line, reason: "<key>\(last.text)</key> has no value")
            }
        case "array":
            for child in element.children {
                if child.name == "key" {
                    throw XMLPlistSyntaxError(line: child.line, reason: "<key> inside <array>")
                }
                try validate(child)
            }
        case "true", "false":
            if !element.text.allSatisfy(\.isWhitespace) {
                throw XMLPlistSyntaxError(line: element.line, reason: "<\(element.name)> must be empty")
            }
        case "integer", "real", "date", "data":
            if !PlistScalar.isValid(element.text, as: element.name) {
                throw XMLPlistSyntaxError(line: element.line, reason: "<\(element.name)>\(element.text)</\(element.name)> is not a valid \(element.name)")
            }
        case "key", "string":
            break
        default:
            throw XMLPlistSyntaxError(line: element.line, reason: "<\(element.name)> is not a property-list element")
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        let lineStarts: [Int]
        var position = 0

        func line(at offset: Int) -> Int {
            XMLPlistDocument.line(at: offset, in: lineStarts)
        }

        func fail(_ reason: String, at offset: Int? = nil) -> XMLPlistSyntaxError {
            XMLPlistSyntaxError(line: line(at: min(offset ?? position, max(bytes.count - 1, 0))), reason: reason)
        }

        func starts(with text: String, at offset: Int) -> Bool {
            let utf8 = Array(text.utf8)
            guard offset + utf8.count <= bytes.count else { return false }
            return bytes[offset..<offset + utf8.count].elementsEqual(utf8)
        }

        /// Offset of the first byte after `terminator`, searching from `position`.
        func offset(after terminator: String, from start: Int) -> Int? {
            let utf8 = Array(terminator.utf8)
            var index = start
            while index + utf8.count <= bytes.count {
                if bytes[index] == utf8[0], bytes[index..<index + utf8.count].elementsEqual(utf8) {
                    return index + utf8.count
                }
                index += 1
            }
            return nil
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
        }

        /// Skips the prolog, reads the one top-level element, and checks that only comments and space follow.
        mutating func parseDocument() throws(XMLPlistSyntaxError) -> Element {
            if starts(with: "\u{FEFF}", at: 0) { position = 3 }
            var stack: [Element] = []
            var top: Element?
            var textStart = position
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == UInt8(ascii: "<") else {
                    if stack.isEmpty && !Self.isSpace(byte) {
                        throw fail(top == nil ? "text before the <plist> element" : "text after the closing </plist>")
                    }
                    position += 1
                    continue
                }
                if starts(with: "<!--", at: position) {
                    guard let after = offset(after: "-->", from: position + 4) else { throw fail("a comment that never ends") }
                    if let parent = stack.last, !Self.isLeaf(parent.name) {
                        try requireOnlySpace(from: textStart, to: position, inside: parent)
                        textStart = after
                    }
                    position = after
                    continue
                }
                if starts(with: "<?", at: position) {
                    guard let after = offset(after: "?>", from: position + 2) else { throw fail("an unterminated <? … ?> declaration") }
                    position = after
                    continue
                }
                if starts(with: "<![CDATA[", at: position) {
                    guard !stack.isEmpty else { throw fail("CDATA outside any element") }
                    guard let after = offset(after: "]]>", from: position + 9) else { throw fail("a CDATA section that never ends") }
                    position = after
                    continue
                }
                if starts(with: "<!", at: position) {
                    guard stack.isEmpty else { throw fail("a declaration inside an element") }
                    try skipDeclaration()
                    continue
                }
                if starts(with: "</", at: position) {
                    let tagStart = position
                    position += 2
                    let name = readName()
                    skipSpaces()
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                        throw fail("the closing tag </\(name)> is not closed with >", at: tagStart)
                    }
                    position += 1
                    guard var open = stack.popLast() else {
                        throw fail("</\(name)> closes an element that was never opened", at: tagStart)
                    }
                    guard open.name == name else {
                        throw fail("</\(name)> closes <\(open.name)> opened on line \(open.line)", at: tagStart)
                    }
                    open.closingStart = tagStart
                    open.end = position
                    if Self.isLeaf(open.name) {
                        open.text = try decodeText(from: textStart, to: tagStart)
                    } else {
                        try requireOnlySpace(from: textStart, to: tagStart, inside: open)
                    }
                    if stack.isEmpty { top = open } else { stack[stack.count - 1].children.append(open) }
                    textStart = position
                    continue
                }
                // An opening tag.
                let tagStart = position
                if let parent = stack.last, Self.isLeaf(parent.name) {
                    throw fail("<\(parent.name)> opened on line \(parent.line) contains another element", at: tagStart)
                }
                if stack.isEmpty, top != nil {
                    throw fail("a second top-level element after </plist>", at: tagStart)
                }
                if let parent = stack.last {
                    try requireOnlySpace(from: textStart, to: tagStart, inside: parent)
                }
                position += 1
                let name = readName()
                guard !name.isEmpty else { throw fail("a '<' that does not start a tag", at: tagStart) }
                try skipAttributes(of: name)
                let selfClosing = bytes[position - 2] == UInt8(ascii: "/")
                var element = Element(name: name, start: tagStart, end: position, closingStart: position,
                                      isSelfClosing: selfClosing, line: line(at: tagStart))
                if selfClosing {
                    if stack.isEmpty { top = element } else { stack[stack.count - 1].children.append(element) }
                } else {
                    guard stack.count < NestingLimit.maximum else { throw fail(NestingLimit.reason, at: tagStart) }
                    element.closingStart = -1
                    stack.append(element)
                }
                textStart = position
            }
            if let open = stack.last {
                throw fail("<\(open.name)> opened on line \(open.line) is never closed", at: bytes.count - 1)
            }
            guard let top else { throw fail("there is no <plist> element", at: 0) }
            return top
        }

        static func isLeaf(_ name: String) -> Bool { XMLPlistDocument.leafNames.contains(name) }

        mutating func readName() -> String {
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func skipSpaces() {
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        }

        /// Moves past `>` of an opening tag, honouring quoted attribute values.
        mutating func skipAttributes(of name: String) throws(XMLPlistSyntaxError) {
            let tagStart = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    guard let close = bytes[(position + 1)...].firstIndex(of: byte) else { break }
                    position = close + 1
                    continue
                }
                if byte == UInt8(ascii: "<") { break }
                position += 1
                if byte == UInt8(ascii: ">") { return }
            }
            throw fail("the tag <\(name) is not closed with >", at: tagStart)
        }

        /// A DOCTYPE may carry an internal subset in brackets, which can itself hold `>`.
        mutating func skipDeclaration() throws(XMLPlistSyntaxError) {
            let start = position
            var depth = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "]") { depth -= 1 }
                if byte == UInt8(ascii: ">") && depth <= 0 { return }
            }
            throw fail("an unterminated <! … > declaration", at: start)
        }

        func requireOnlySpace(from start: Int, to end: Int, inside parent: Element) throws(XMLPlistSyntaxError) {
            var index = start
            while index < end {
                if !Self.isSpace(bytes[index]) {
                    throw fail("text directly inside <\(parent.name)>", at: index)
                }
                index += 1
            }
        }

        /// Character data with comments removed and the five XML entities and character references decoded.
        func decodeText(from start: Int, to end: Int) throws(XMLPlistSyntaxError) -> String {
            var output: [UInt8] = []
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    if starts(with: "<!--", at: index), let after = offset(after: "-->", from: index + 4), after <= end {
                        index = after
                        continue
                    }
                    if starts(with: "<![CDATA[", at: index), let after = offset(after: "]]>", from: index + 9), after <= end {
                        output.append(contentsOf: bytes[(index + 9)..<(after - 3)])
                        index = after
                        continue
                    }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "&") {
                    guard let semicolon = bytes[index..<end].firstIndex(of: UInt8(ascii: ";")), semicolon - index <= 10 else {
                        throw fail("a bare '&'; write it as &amp;", at: index)
                    }
                    let entity = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
                    guard let scalar = Self.decodeEntity(entity) else {
                        throw fail("the unknown entity &\(entity);", at: index)
                    }
                    if let value = scalar.unicodeScalars.first?.value, value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D {
                        throw fail("the character reference &\(entity); names a control character XML does not allow", at: index)
                    }
                    output.append(contentsOf: Array(String(scalar).utf8))
                    index = semicolon + 1
                    continue
                }
                // XML 1.0 allows no control character but tab, line feed and carriage return, and neither do
                // Xcode and plutil; such a file would stay invalid after any edit.
                if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    throw fail("a control character (U+\(String(format: "%04X", byte))) in the text; XML does not allow it", at: index)
                }
                output.append(byte)
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        }

        static func decodeEntity(_ entity: String) -> Character? {
            switch entity {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default:
                guard entity.hasPrefix("#") else { return nil }
                let digits = entity.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                return value.flatMap(Unicode.Scalar.init).map(Character.init)
            }
        }
    }
}

/// A syntax problem at a 1-based line, before the caller adds the file name.
package struct XMLPlistSyntaxError: Error, Equatable {
    package let line: Int
    package let reason: String
}
