import BggenFormats

/// `bggen:ignore` comments (`// bggen:ignore BG001`, `<!-- bggen:ignore BG002 -->`), taken from a file's text when
/// it is read for the model, so doctor's suppressions need no second read of the code.
enum IgnoreMarks {
    private static let marker = "bggen:ignore"
    private static let needle = ByteNeedles([Array(marker.utf8)])

    /// The rule ids each line names after the marker, by line number (from 1); one byte search spares the many
    /// files that have none the split into lines.
    static func lines(in text: String) -> [Int: [String]] {
        guard ByteSearch.contains(anyOf: needle, in: text) else { return [:] }
        var marks: [Int: [String]] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let found = ids(in: line)
            if !found.isEmpty { marks[index + 1] = found }
        }
        return marks
    }

    /// The rule ids after the marker, separated by spaces or commas.
    static func ids(in line: Substring) -> [String] {
        guard let marker = line.range(of: marker) else { return [] }
        return line[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .prefix { $0.allSatisfy { $0.isLetter || $0.isNumber } }.map(String.init)
    }
}
