#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin // memchr, memcmp, from <string.h>
#endif

/// Splits Swift or Objective-C source into identifiers, string literals and punctuation, dropping comments.
///
/// Searching tokens instead of lines keeps the code search honest: a queue labelled "BGTaskScheduler" (as in
/// NetNewsWire), an API named in a comment, or `@main` inside `/* … */` is not code, and a string literal can be
/// read back as the identifier it holds.
///
/// Public only so that its few small tests (`kind ==`, `is`, `nesting`, `keyword`) are inlined into the readers of
/// the other modules, which call them at every token: a `package` function is called there, and the token copied to
/// call it, whatever its attributes say.
public struct SourceToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case identifier
        /// A string literal; `text` is its value.
        case string
        case number
        case punctuation

        /// Spelt out and inlinable: the synthesized `==` is reached from the readers in other modules through
        /// `Equatable`'s witness, a call for each of the millions of kind tests doctor makes on a large app.
        @inlinable
        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.identifier, .identifier), (.string, .string), (.number, .number), (.punctuation, .punctuation): true
            default: false
            }
        }

        @inlinable
        public static func != (lhs: Kind, rhs: Kind) -> Bool { !(lhs == rhs) }
    }

    // The stored properties are laid out widest first: a token is 56 bytes, not the 72 of the order they are
    // described in, so lexing the files doctor reads writes less memory, each new page of it a fault.
    @usableFromInline package var text: String
    /// For a Swift string with interpolations: the source of each `\(…)`, in order, so a simple one
    /// (`"\(bundleIdentifier).refresh"`) can be resolved; `text` holds `\(…)` in their place.
    package var interpolations: [String] = []
    package var line: Int
    /// 1-based byte column of an identifier's first character (0 for other tokens), so findings point at it.
    package var column = 0
    /// The innermost `{` open before this token (for a `}`, its own `{`); -1 at the top level. Set once per file by
    /// `SourceLexer.link`, so finding enclosing scopes costs nothing per question.
    var enclosing: Int32 = -1
    /// For a bracket: the bracket that closes (or opens) it, by depth over every kind, as `SwiftScopes.closing` counts.
    package var partner: Int32 = -1
    /// For a `{`: where the declaration or statement it belongs to starts (see `SwiftScopes.headerTokens`).
    var headerStart: Int32 = -1
    @usableFromInline package var kind: Kind
    /// For strings: no interpolation, so `text` is the exact value.
    package var isLiteral = true
    /// For punctuation: its one ASCII byte (0 for any other token), so a reader tells brackets apart by a byte
    /// rather than by comparing strings, which cost a call each for every token of every file read.
    @usableFromInline package private(set) var symbol: UInt8 = 0
    /// For an identifier or a string whose text is one of the declaration words the readers look for at every
    /// token (`func`, `let`, `class`…), that word; `.none` otherwise. `token.keyword == .func` says what
    /// `token.text == "func"` says, without a string comparison, and `keyword.declaresType` what hashing the
    /// text into a set of type keywords said.
    @usableFromInline package private(set) var keyword = Keyword.none
}

/// A word `SourceLexer` names once per token, so readers compare a byte (see `SourceToken.keyword`). A struct with
/// inlinable members, not an enum: an enum's synthesized `==` is a witness call from another module. Public for
/// the reason `SourceToken` is.
public struct Keyword: Sendable, Equatable {
    @usableFromInline let code: UInt8

    @usableFromInline init(code: UInt8) { self.code = code }

    @inlinable public static func == (lhs: Keyword, rhs: Keyword) -> Bool { lhs.code == rhs.code }
    @inlinable public static func != (lhs: Keyword, rhs: Keyword) -> Bool { lhs.code != rhs.code }

    @inlinable public static var none: Keyword { Keyword(code: 0) }
    @inlinable public static var `func`: Keyword { Keyword(code: 1) }
    @inlinable public static var initializer: Keyword { Keyword(code: 2) }
    @inlinable public static var `deinit`: Keyword { Keyword(code: 3) }
    @inlinable public static var `subscript`: Keyword { Keyword(code: 4) }
    @inlinable public static var `var`: Keyword { Keyword(code: 5) }
    @inlinable public static var `let`: Keyword { Keyword(code: 6) }
    @inlinable public static var `case`: Keyword { Keyword(code: 7) }
    @inlinable public static var const: Keyword { Keyword(code: 8) }
    @inlinable public static var define: Keyword { Keyword(code: 9) }
    @inlinable public static var `protocol`: Keyword { Keyword(code: 10) }
    @inlinable public static var `class`: Keyword { Keyword(code: 11) }
    @inlinable public static var `struct`: Keyword { Keyword(code: 12) }
    @inlinable public static var `enum`: Keyword { Keyword(code: 13) }
    @inlinable public static var `extension`: Keyword { Keyword(code: 14) }
    @inlinable public static var actor: Keyword { Keyword(code: 15) }

    /// `class`, `struct`, `enum`, `extension` or `actor`: a word that opens a type's body, whose functions are its methods.
    @inlinable public var declaresType: Bool { code >= 11 && code <= 15 }
    /// Those, or `protocol`.
    @inlinable public var declaresTypeOrProtocol: Bool { code >= 10 && code <= 15 }
    /// `func`, `init`, `deinit`, `var` or `subscript`: a word that declares a member with a body.
    @inlinable public var declaresMember: Bool { code >= 1 && code <= 5 }

    /// The word `bytes` spell, or `.none`: by length and first byte, then the rest compared, with no table (a
    /// table was a lazily made global, checked at every identifier of every file lexed).
    fileprivate static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> Keyword {
        guard bytes.count >= 3 && bytes.count <= 9, let base = bytes.baseAddress else { return .none }
        @inline(__always) func spells(_ word: StaticString) -> Bool {
            word.utf8CodeUnitCount == bytes.count && memcmp(word.utf8Start, base, bytes.count) == 0
        }
        switch base[0] {
        case UInt8(ascii: "a"): return spells("actor") ? .actor : .none
        case UInt8(ascii: "c"): return spells("case") ? .case : spells("const") ? .const : spells("class") ? .class : .none
        case UInt8(ascii: "d"): return spells("deinit") ? .deinit : spells("define") ? .define : .none
        case UInt8(ascii: "e"): return spells("enum") ? .enum : spells("extension") ? .extension : .none
        case UInt8(ascii: "f"): return spells("func") ? .func : .none
        case UInt8(ascii: "i"): return spells("init") ? .initializer : .none
        case UInt8(ascii: "l"): return spells("let") ? .let : .none
        case UInt8(ascii: "p"): return spells("protocol") ? .protocol : .none
        case UInt8(ascii: "s"): return spells("subscript") ? .subscript : spells("struct") ? .struct : .none
        case UInt8(ascii: "v"): return spells("var") ? .var : .none
        default: return .none
        }
    }
}

extension SourceToken {
    /// +1 for an opening bracket, -1 for a closing one, 0 otherwise: how the token changes the nesting depth
    /// when scanning an argument list.
    @inlinable
    public var nesting: Int {
        switch symbol {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): -1
        default: 0
        }
    }

    /// Whether the token is the punctuation `character` (`token.is("{")`): its kind and text, compared as one byte.
    @inlinable
    public func `is`(_ character: Unicode.Scalar) -> Bool {
        symbol == UInt8(ascii: character)
    }

    /// Whether the token's text is the punctuation `character`, as `text == ":"` says, comparing bytes: a string
    /// literal's value, or a name in backticks, may be that character too.
    @inlinable
    public func hasText(_ character: Unicode.Scalar) -> Bool {
        symbol == UInt8(ascii: character) || kind != .punctuation && text.utf8.count == 1 && text.utf8.first == UInt8(ascii: character)
    }

    /// An identifier (or a string, `kind`) made of `bytes`, with the keyword they spell.
    fileprivate init(kind: Kind, bytes: UnsafeBufferPointer<UInt8>, line: Int, isLiteral: Bool = true, column: Int = 0, interpolations: [String] = []) {
        self.init(text: String(decoding: bytes, as: UTF8.self), interpolations: interpolations, line: line, column: column, kind: kind,
                  isLiteral: isLiteral)
        keyword = Keyword.named(bytes)
    }

    /// A token whose text (and the keyword it spells) the lexer's run has made already.
    fileprivate init(kind: Kind, text: String, keyword: Keyword, line: Int, column: Int) {
        self.init(text: text, line: line, column: column, kind: kind)
        self.keyword = keyword
    }

    /// A punctuation token: its text is the one byte's, made once per byte value (`SourceLexer.punctuationTexts`).
    fileprivate init(punctuation byte: UInt8, text: String, line: Int) {
        self.init(text: text, line: line, kind: .punctuation)
        symbol = byte
    }
}

/// Public only for `Language`, as `SourceToken` is.
public enum SourceLexer {
    /// Public, with `==` spelt out and inlinable for the reason `SourceToken.Kind` is: the readers of the other
    /// modules ask a file's language at every declaration, and the synthesized `==` was a witness call each time.
    public enum Language: Sendable {
        case swift, objectiveC

        @inlinable
        public static func == (lhs: Language, rhs: Language) -> Bool {
            switch (lhs, rhs) {
            case (.swift, .swift), (.objectiveC, .objectiveC): true
            default: false
            }
        }

        @inlinable
        public static func != (lhs: Language, rhs: Language) -> Bool { !(lhs == rhs) }
    }

    /// Throws when interpolations nest deeper than `NestingLimit` (the lexer descends by recursion). With `strict`,
    /// for a manifest bggen must read whole, an unterminated string or comment and unbalanced brackets throw too;
    /// an app's own sources are scanned leniently, because a lexer this small must not stop a run over Swift it
    /// does not fully understand.
    package static func tokens(of text: String, language: Language, strict: Bool = false) throws(SourceSyntaxError) -> [SourceToken] {
        // In place: a native String's bytes are contiguous already, where an array of them was a copy of the file.
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(SourceSyntaxError) in try tokens(utf8: bytes, language: language, strict: strict) } }.get()
    }

    /// The same, from a file's bytes as the first pass kept them (UTF-8), lexed where they lie: neither made a String
    /// nor copied into an array first, as each file the first pass lexed, or a later reading lexes, was.
    package static func tokens(of bytes: FramedBytes, language: Language) throws(SourceSyntaxError) -> [SourceToken] {
        try bytes.withBytes { bytes in Result { () throws(SourceSyntaxError) in try tokens(utf8: bytes, language: language, strict: false) } }.get()
    }

    private static func tokens(utf8 bytes: UnsafeBufferPointer<UInt8>, language: Language, strict: Bool) throws(SourceSyntaxError) -> [SourceToken] {
        var lexer = Lexer(bytes: bytes, language: language)
        lexer.run()
        if let line = lexer.tooDeep {
            throw SourceSyntaxError(line: line, reason: NestingLimit.reason)
        }
        if strict {
            if let problem = lexer.unterminated {
                throw SourceSyntaxError(line: problem.line, reason: "\(problem.what) that never ends")
            }
            var open: [SourceToken] = []
            for token in lexer.tokens where token.kind == .punctuation {
                switch token.nesting {
                case 1: open.append(token)
                case -1:
                    guard open.popLast() != nil else { throw SourceSyntaxError(line: token.line, reason: "'\(token.text)' closes nothing") }
                default: break
                }
            }
            if let unclosed = open.last {
                throw SourceSyntaxError(line: unclosed.line, reason: "'\(unclosed.text)' is never closed; the file may be cut short")
            }
        }
        var tokens = lexer.tokens
        lexer.tokens = []
        link(&tokens)
        return tokens
    }

    /// The text of each one-byte punctuation token, by its byte (an ASCII byte's own string; the rest are never
    /// punctuation): made once, not once per token.
    fileprivate static let punctuationTexts: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// Fills in `enclosing`, `partner` and `headerStart` in one pass. A header starts after the last `{`, `}` or `;`
    /// in the same bracket group; a `{` inside an argument list (`async(execute: {`) starts where the call does.
    /// In place: a copy of the array was a copy (and a retain) of every token's text.
    package static func link(_ tokens: inout [SourceToken]) {
        var braces: [Int32] = []
        var brackets: [Int32] = []
        // Per open `(` or `[` group: where a header starting in it begins, updated at each boundary.
        var groupStarts: [Int32] = [0]
        for index in tokens.indices {
            tokens[index].enclosing = braces.last ?? -1
            switch tokens[index].symbol {
            case UInt8(ascii: "{"):
                tokens[index].headerStart = groupStarts[groupStarts.count - 1]
                braces.append(Int32(index))
                brackets.append(Int32(index))
                groupStarts[groupStarts.count - 1] = Int32(index + 1)
            case UInt8(ascii: "("), UInt8(ascii: "["):
                brackets.append(Int32(index))
                groupStarts.append(groupStarts[groupStarts.count - 1])
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                if let open = brackets.popLast() {
                    tokens[index].partner = open
                    tokens[Int(open)].partner = Int32(index)
                }
                if tokens[index].symbol == UInt8(ascii: "}") {
                    _ = braces.popLast()
                    groupStarts[groupStarts.count - 1] = Int32(index + 1)
                } else if groupStarts.count > 1 {
                    groupStarts.removeLast()
                }
            case UInt8(ascii: ";"):
                groupStarts[groupStarts.count - 1] = Int32(index + 1)
            default:
                break
            }
        }
    }

    /// What each byte may start, so the lexer's loop asks one table instead of a chain of comparisons.
    private enum ByteClass: UInt8 {
        case punctuation, identifier, digit, blank, newline, other
    }

    /// By byte: a letter, `_` or a byte beyond ASCII starts an identifier; `/`, quotes, `#`, `@`, `'` and a backtick
    /// start what depends on the bytes after them (`other`).
    private static let byteClasses: [ByteClass] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), 0x80...0xFF: .identifier
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): .blank
        case UInt8(ascii: "\n"): .newline
        case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "'"), UInt8(ascii: "`"): .other
        default: .punctuation
        }
    }

    /// By byte: whether it continues an identifier (`Lexer.isIdentifierByte`).
    private static let identifierBytes: [Bool] = (0...255).map { Lexer.isIdentifierByte(UInt8($0)) }

    /// Reads the bytes in place, through a pointer valid for the run: slicing the array for each token retained and
    /// released it, and every byte read was bounds-checked.
    private struct Lexer {
        package let bytes: UnsafeBufferPointer<UInt8>
        package let language: Language
        package var position = 0
        package var line = 1
        /// Offset of the first byte of the current line.
        package var lineStart = 0
        package var tokens: [SourceToken] = []
        /// How many interpolations the current position is inside, and the line where that grew too deep.
        package var interpolations = 0
        var tooDeep: Int?
        /// The first string or block comment that reached the end of its line or file.
        var unterminated: (line: Int, what: String)?

        /// Held by the run, so no token looks up a global.
        private let punctuationTexts = SourceLexer.punctuationTexts
        private var names: Names

        init(bytes: UnsafeBufferPointer<UInt8>, language: Language) {
            self.bytes = bytes
            self.language = language
            // About one token per six bytes of Swift: growing the array copied every token made so far, again and again.
            tokens.reserveCapacity(bytes.count / 6)
            // About one new name per 64 bytes of a large file.
            names = Names(expected: bytes.count / 64)
        }

        package func byte(_ offset: Int) -> UInt8? {
            position + offset < bytes.count ? bytes[position + offset] : nil
        }

        static func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == UInt8(ascii: "_") || byte >= 0x80
        }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "$")
        }

        /// Moves one byte forward, counting lines.
        mutating func advance() {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }

        /// The token for the identifier (or string, `kind`) whose text is the bytes between `start` and `end`.
        mutating func word(_ kind: SourceToken.Kind, _ start: Int, _ end: Int, line: Int, column: Int = 0) -> SourceToken {
            let (text, keyword) = names.name(start, end, in: bytes)
            return SourceToken(kind: kind, text: text, keyword: keyword, line: line, column: column)
        }

        func punctuation(_ byte: UInt8, line: Int) -> SourceToken {
            SourceToken(punctuation: byte, text: punctuationTexts[Int(byte)], line: line)
        }

        /// Blanks, identifiers and punctuation, most of a file's bytes, are told apart by one table lookup; the
        /// bytes that start a comment, a string or a quoted name are looked at in `other`.
        package mutating func run() {
            SourceLexer.byteClasses.withUnsafeBufferPointer { classes in
                SourceLexer.identifierBytes.withUnsafeBufferPointer { continues in run(classes: classes, continues: continues) }
            }
        }

        /// The loop itself, reading the tables through pointers (a lookup in an array was a bounds check, and a load
        /// of the array, at every byte) and keeping its position in a local, written back only around `other`: as a
        /// stored property it was stored again at every byte. A run of blanks (indentation) is stepped over in a loop
        /// of its own rather than a jump through the table at each.
        private mutating func run(classes: UnsafeBufferPointer<ByteClass>, continues: UnsafeBufferPointer<Bool>) {
            let count = bytes.count
            var position = self.position
            defer { self.position = position }
            while position < count {
                let current = bytes[position]
                switch classes[Int(current)] {
                case .blank:
                    position += 1
                    while position < count, classes[Int(bytes[position])] == .blank { position += 1 }
                case .newline:
                    line += 1
                    position += 1
                    lineStart = position
                case .identifier:
                    let start = position
                    position += 1
                    while position < count, continues[Int(bytes[position])] { position += 1 }
                    tokens.append(word(.identifier, start, position, line: line, column: start - lineStart + 1))
                case .digit:
                    let start = position
                    while position < count, continues[Int(bytes[position])] || bytes[position] == UInt8(ascii: ".") { position += 1 }
                    tokens.append(SourceToken(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self),
                                              line: line, kind: .number))
                case .punctuation:
                    tokens.append(punctuation(current, line: line))
                    position += 1
                case .other:
                    self.position = position
                    other(current)
                    position = self.position
                }
            }
        }

        /// At a byte that starts a comment, a string, a quoted name, or else is punctuation.
        mutating func other(_ current: UInt8) {
            switch current {
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                // To the line's end, found by the C library's vectorized search rather than a byte at a time.
                let base = UnsafeRawPointer(bytes.baseAddress!)
                if let end = memchr(base + position, Int32(UInt8(ascii: "\n")), bytes.count - position) {
                    position = base.distance(to: end)
                } else {
                    position = bytes.count
                }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                readString(hashes: 0, startLine: line)
            case UInt8(ascii: "#") where language == .swift && (byte(1) == UInt8(ascii: "#") || byte(1) == UInt8(ascii: "\"")):
                let startLine = line
                var hashes = 0
                while position < bytes.count, bytes[position] == UInt8(ascii: "#") { hashes += 1; position += 1 }
                if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                    readString(hashes: hashes, startLine: startLine)
                } else {
                    tokens.append(punctuation(UInt8(ascii: "#"), line: startLine))
                }
            case UInt8(ascii: "@") where language == .objectiveC && byte(1) == UInt8(ascii: "\""):
                position += 1
                readString(hashes: 0, startLine: line)
            case UInt8(ascii: "'") where language == .objectiveC:
                skipCharacterLiteral()
            case UInt8(ascii: "`"):
                let start = position + 1
                position += 1
                while position < bytes.count, bytes[position] != UInt8(ascii: "`"), bytes[position] != UInt8(ascii: "\n") { position += 1 }
                tokens.append(word(.identifier, start, position, line: line, column: start - lineStart))
                if position < bytes.count, bytes[position] == UInt8(ascii: "`") { position += 1 }
            default:
                tokens.append(punctuation(current, line: line))
                position += 1
            }
        }

        /// Swift block comments nest; Objective-C ones do not.
        mutating func skipBlockComment() {
            var depth = 0
            let startLine = line
            defer { if depth > 0 && position >= bytes.count { unterminated = unterminated ?? (startLine, "a /* comment") } }
            while position < bytes.count {
                if bytes[position] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                    depth = language == .swift ? depth + 1 : 1
                    position += 2
                } else if bytes[position] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                    depth -= 1
                    position += 2
                    if depth <= 0 { return }
                } else {
                    advance()
                }
            }
        }

        mutating func skipCharacterLiteral() {
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "'"), bytes[position] != UInt8(ascii: "\n") {
                if bytes[position] == UInt8(ascii: "\\") { position += 1 }
                position += 1
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "'") { position += 1 }
        }

        /// Reads from the opening quote, at `position`, past the closing one (and its `#`s), and adds the token.
        mutating func readString(hashes: Int, startLine: Int) {
            let multiline = language == .swift && byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
            position += multiline ? 3 : 1
            // Most strings are one line with no escape and no `#`: their value is their bytes, taken as they lie.
            if !multiline && hashes == 0 {
                var end = position
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                    tokens.append(word(.string, position, end, line: startLine))
                    position = end + 1
                    return
                }
            }
            var value: [UInt8] = []
            // A multi-line literal's value depends on indentation stripping, so it is never taken as exact.
            var literal = !multiline
            var parts: [String] = []
            while position < bytes.count {
                let current = bytes[position]
                if current == UInt8(ascii: "\"") && (!multiline || (byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\""))) {
                    let quoteLength = multiline ? 3 : 1
                    var closingHashes = 0
                    while closingHashes < hashes, byte(quoteLength + closingHashes) == UInt8(ascii: "#") { closingHashes += 1 }
                    if closingHashes == hashes {
                        position += quoteLength + hashes
                        tokens.append(value.withUnsafeBufferPointer {
                            SourceToken(kind: .string, bytes: $0, line: startLine, isLiteral: literal, interpolations: parts)
                        })
                        return
                    }
                    value.append(current)
                    position += 1
                    continue
                }
                if current == UInt8(ascii: "\n") && !multiline { break }
                if current == UInt8(ascii: "\\") && (0..<hashes).allSatisfy({ byte(1 + $0) == UInt8(ascii: "#") }) {
                    position += 1 + hashes
                    guard position < bytes.count else { break }
                    let escaped = bytes[position]
                    if escaped == UInt8(ascii: "(") && language == .swift {
                        literal = false
                        value.append(contentsOf: Array("\\(…)".utf8))
                        let start = position + 1
                        skipInterpolation()
                        parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<max(start, min(position - 1, bytes.count))]), as: UTF8.self))
                        continue
                    }
                    switch escaped {
                    case UInt8(ascii: "n"): value.append(0x0A)
                    case UInt8(ascii: "t"): value.append(0x09)
                    default: value.append(escaped)
                    }
                    advance()
                    continue
                }
                value.append(current)
                advance()
            }
            unterminated = unterminated ?? (startLine, "a string")
            tokens.append(value.withUnsafeBufferPointer { SourceToken(kind: .string, bytes: $0, line: startLine, isLiteral: literal) })
        }

        /// From the `(` of `\(`, past its matching `)`, stepping over nested strings.
        mutating func skipInterpolation() {
            interpolations += 1
            defer { interpolations -= 1 }
            guard interpolations <= NestingLimit.maximum else {
                tooDeep = tooDeep ?? line
                position = bytes.count
                return
            }
            var depth = 0
            while position < bytes.count {
                let current = bytes[position]
                if current == UInt8(ascii: "\"") {
                    let saved = tokens.count
                    readString(hashes: 0, startLine: line)
                    tokens.removeSubrange(saved...)
                    continue
                }
                if current == UInt8(ascii: "(") { depth += 1 }
                if current == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return
                    }
                }
                advance()
            }
        }
    }
}

/// The names one run of the lexer has made, by their bytes in the file: a name a file repeats (`self`, its types,
/// its properties) is made a String once, with the keyword it spells, and its later tokens share that String. Making
/// a String for every identifier, and allocating one for each longer than fifteen bytes, was most of the lexer's time.
///
/// A name is hashed, and told apart from another, eight bytes at a time: its first sixteen bytes are kept in its entry,
/// so a name that long or shorter (nearly all) is compared by two words, not by `memcmp` on the file's bytes, and
/// hashing a byte at a time was a second loop over every identifier.
private struct Names {
    private struct Entry {
        /// The name's first eight bytes and the next eight (zero beyond its end), the first byte lowest.
        var first: UInt64
        var second: UInt64
        var hash: UInt64
        var start: Int
        var count: Int
        var keyword: Keyword
    }

    private var entries: [Entry] = []
    private var texts: [String] = []
    /// Open addressing: each slot holds an entry's position plus one, or 0; at most half are used.
    private var slots: [Int32]

    init(expected: Int) {
        var capacity = 64
        while capacity < 2 * expected { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        // Made room for at once: grown from empty, the two arrays were copied a dozen times over for a large file.
        entries.reserveCapacity(expected)
        texts.reserveCapacity(expected)
    }

    /// The eight bytes of `bytes` from `offset`, the first lowest, as little as `count` of them (the rest zero): one
    /// load where eight bytes are left in `bytes`, else byte by byte, so nothing past its end is read.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) -> UInt64 {
        var word: UInt64 = 0
        if bytes.count - offset >= 8 {
            word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
        } else {
            for index in 0..<min(count, 8) { word |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        }
        return count >= 8 ? word : word & ((1 << UInt64(8 * count)) &- 1)
    }

    /// The text of the bytes from `start` to `end` of `bytes`, and the keyword they spell.
    mutating func name(_ start: Int, _ end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (text: String, keyword: Keyword) {
        let count = end - start
        let first = Self.word(bytes, at: start, count: count)
        let second = count > 8 ? Self.word(bytes, at: start + 8, count: count - 8) : 0
        // Each step is a bijection of the hash for a given word, so names of one length that differ in one word never
        // share a hash; the last steps fold its high bits into the low ones the slots are picked by.
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = ((UInt64(truncatingIfNeeded: count) ^ first) &* multiplier ^ second) &* multiplier
        var offset = start + 16
        while offset < end {
            hash = (hash ^ Self.word(bytes, at: offset, count: end - offset)) &* multiplier
            offset += 8
        }
        hash ^= hash >> 32
        hash = hash &* multiplier
        hash ^= hash >> 29
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let entry = entries[index]
            if entry.hash == hash && entry.count == count && entry.first == first && entry.second == second
                && (count <= 16 || memcmp(bytes.baseAddress! + entry.start + 16, bytes.baseAddress! + start + 16, count - 16) == 0) {
                return (texts[index], entry.keyword)
            }
            slot = (slot + 1) & mask
        }
        let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let text = String(decoding: name, as: UTF8.self)
        let keyword = Keyword.named(name)
        entries.append(Entry(first: first, second: second, hash: hash, start: start, count: count, keyword: keyword))
        texts.append(text)
        slots[slot] = Int32(entries.count)
        if 2 * entries.count > slots.count { grow() }
        return (text, keyword)
    }

    /// Twice the slots, each entry placed again by its hash.
    private mutating func grow() {
        slots = Array(repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}

/// A manifest bggen cannot read whole, at a 1-based line, before the caller adds the file name.
package struct SourceSyntaxError: Error, Equatable {
    package let line: Int
    package let reason: String
}
