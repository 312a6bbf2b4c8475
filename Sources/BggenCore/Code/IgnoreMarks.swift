import BggenFormats

/// A file's suppression comments, taken when it is read for the model, so doctor's suppressions need no second read
/// of the code: `// bggen:ignore BG001` (`<!-- bggen:ignore BG002 -->` in a plist) for its own line and the next,
/// and `// bggen:disable BG001` until `// bggen:enable BG001` or the end of the file (SwiftLint's regions).
struct IgnoreMarks: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case ignore, disable, enable
    }

    /// One comment: its line (from 1), what it does and the words after it, rule ids or not.
    struct Mark: Sendable, Equatable, Hashable {
        let line: Int
        let kind: Kind
        let ids: [String]
    }

    private static let marker = "bggen:"
    private static let markerBytes = Array(marker.utf8)

    /// In line order.
    let marks: [Mark]

    init(in text: String) {
        var copy = text
        self = copy.withUTF8 { IgnoreMarks(utf8: $0, text: text) }
    }

    /// From a file's bytes, which must be UTF-8: one byte search spares the many files that have none the String
    /// and the split into lines. `text`, when the caller has it, is the bytes' String.
    init(utf8 bytes: UnsafeBufferPointer<UInt8>, text: String? = nil) {
        guard ByteSearch.contains(Self.markerBytes, in: bytes) else {
            marks = []
            return
        }
        let text = text ?? String(decoding: bytes, as: UTF8.self)
        var marks: [Mark] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let mark = Self.mark(in: line, number: index + 1) { marks.append(mark) }
        }
        self.marks = marks
    }

    /// The mark on `line`, if any: the marker, a kind, then ids separated by spaces or commas.
    static func mark(in line: Substring, number: Int) -> Mark? {
        guard let marker = line.range(of: marker) else { return nil }
        let rest = line[marker.upperBound...]
        guard let kind = Kind.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else { return nil }
        let ids = rest.dropFirst(kind.rawValue.count).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .prefix { $0.allSatisfy { $0.isLetter || $0.isNumber } }.map(String.init)
        return Mark(line: number, kind: kind, ids: ids)
    }

    /// The mark that suppresses a finding of `rule` at `line`: an ignore on the line or the one above, or the last
    /// disable of the rule before it that no enable followed.
    func suppressing(_ rule: String, at line: Int) -> Mark? {
        if let ignore = marks.first(where: { $0.kind == .ignore && ($0.line == line || $0.line == line - 1) && $0.ids.contains(rule) }) {
            return ignore
        }
        let last = marks.last { $0.kind != .ignore && $0.line <= line && $0.ids.contains(rule) }
        return last?.kind == .disable ? last : nil
    }
}
