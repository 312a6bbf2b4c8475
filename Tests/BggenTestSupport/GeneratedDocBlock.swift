import Foundation

/// A block of a Markdown file that is made from the code (the README's usage block, the rule table, the JSON field
/// tables), between a `begin` line and an `end` line. It is compared with what the code makes now, and rewritten
/// only when asked (`BGGEN_RECORD_README=1`).
public enum GeneratedDocBlock {
    public enum Failure: Error, CustomStringConvertible {
        case missing(file: String, marker: String)

        public var description: String {
            switch self {
            case .missing(let file, let marker): "\(file) has no block that starts with \(marker.debugDescription)"
            }
        }
    }

    /// The block's text as the file has it now, after writing `expected` in its place when recording. Compare the
    /// result with `expected`: a recording run still shows the difference it wrote, once.
    public static func current(in file: String, begin: String, end: String, expected: String) throws -> String {
        let url = RepositoryPaths.root.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let start = text.range(of: begin),
              let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else { throw Failure.missing(file: file, marker: begin) }
        if ProcessInfo.processInfo.environment["BGGEN_RECORD_README"] == "1" {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: expected)
                .write(to: url, atomically: true, encoding: .utf8)
        }
        return String(text[start.upperBound..<stop.lowerBound])
    }
}
