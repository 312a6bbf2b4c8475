import Foundation

/// The one set-up of every JSON bggen writes: keys sorted and `/` left unescaped, so two runs give the same bytes and
/// a path reads as written; indented for a document (`init --json`, `doctor --format json`, SARIF), on one line for
/// an MCP message or a field of `.bggen.json`. bggen writes no dates, so no date strategy is set.
package enum JSONOutput {
    package enum Layout { case indented, oneLine }

    package static func encoder(_ layout: Layout) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = layout == .indented ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// An indented document with its final newline; `{}` when it cannot be encoded.
    package static func document(_ value: some Encodable) -> String {
        let data = (try? encoder(.indented).encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
