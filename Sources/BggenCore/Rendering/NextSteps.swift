import Foundation

/// The next steps of a run as numbered steps, read from the text `NextSteps.md` renders: written whole to
/// `bggen/NEXT_STEPS.md`, listed by their first phrase after a run, and given to scripts as steps with their code.
///
/// Each step keeps its lines as rendered, so `markdown` gives back the template's text byte for byte; steps the
/// run adds (add the folder to the target, run the generator) are numbered with the template's.
public struct NextSteps: Sendable, Equatable {
    /// Where the steps are written, beside the fragments.
    public static let path = "\(OutputRenderer.fragmentsFolder)/NEXT_STEPS.md"

    public struct CodeBlock: Sendable, Equatable {
        /// The fence's language (`swift`); nil for an indented block (Terminal or LLDB lines).
        public let language: String?
        public let code: String

        public init(language: String?, code: String) {
            self.language = language
            self.code = code
        }
    }

    public struct Step: Sendable, Equatable {
        /// The step's lines without its number, continuation lines indented by three spaces, blank lines kept.
        let lines: [String]

        /// The prose, code left out, one line per rendered line without the indentation.
        public var text: String {
            var prose: [String] = []
            var fenced = false
            for line in lines {
                if line.hasPrefix("```") { fenced.toggle(); continue }
                if fenced || Self.isIndentedCode(line) { continue }
                let trimmed = line.drop { $0 == " " }
                if !trimmed.isEmpty { prose.append(String(trimmed)) }
            }
            return prose.joined(separator: "\n")
        }

        /// The fenced blocks and the runs of lines indented as code, in order.
        public var code: [CodeBlock] {
            enum Open { case none, fence(String?), indented }
            var blocks: [CodeBlock] = []
            var current: [String] = []
            var open = Open.none
            func close() {
                switch open {
                case .fence(let language): blocks.append(CodeBlock(language: language, code: current.joined(separator: "\n") + "\n"))
                case .indented: blocks.append(CodeBlock(language: nil, code: current.joined(separator: "\n") + "\n"))
                case .none: break
                }
                current = []
                open = .none
            }
            for line in lines {
                if case .fence = open {
                    if line.hasPrefix("```") { close() } else { current.append(line) }
                } else if line.hasPrefix("```") {
                    close()
                    let language = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                    open = .fence(language.isEmpty ? nil : language)
                } else if Self.isIndentedCode(line) {
                    if case .none = open { open = .indented }
                    current.append(String(line.dropFirst(7)))
                } else if !line.isEmpty {
                    close()
                }
            }
            close()
            return blocks
        }

        /// The step's first phrase, for the list after a run: up to the first colon, parenthesis or full stop.
        public var title: String {
            let first = String(lines.first ?? "")
            var end = first.endIndex
            for stop in [": ", " (", ". "] {
                if let range = first.range(of: stop), range.lowerBound < end { end = range.lowerBound }
            }
            var title = String(first[..<end])
            if title.hasSuffix(":") || title.hasSuffix(".") { title.removeLast() }
            return title
        }

        /// Four spaces past the step's three: a Markdown code block inside the list item.
        static func isIndentedCode(_ line: String) -> Bool {
            line.hasPrefix("       ")
        }
    }

    /// The heading line ("Next steps").
    let heading: String
    /// Lines between the heading and the first step.
    let preamble: [String]
    public private(set) var steps: [Step]
    /// Changes bggen leaves to the user (XcodeGen keys, an INFOPLIST_FILE), listed after the steps.
    public private(set) var byHand: [String] = []

    /// Reads the text `OutputRenderer.nextSteps` renders: a heading, then items numbered `1. `, `2. ` at the start
    /// of a line.
    public init(markdown: String) {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        heading = lines.first ?? "Next steps"
        var preamble: [String] = []
        var steps: [[String]] = []
        var fenced = false
        for line in lines.dropFirst() {
            if line.hasPrefix("```") { fenced.toggle() }
            if !fenced, let body = Self.numberedItem(line) {
                steps.append([body])
            } else if steps.isEmpty {
                preamble.append(line)
            } else {
                steps[steps.count - 1].append(line)
            }
        }
        self.preamble = preamble
        self.steps = steps.map(Step.init(lines:))
    }

    /// `line` without its `12. `, when it starts a numbered item.
    private static func numberedItem(_ line: String) -> String? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return String(line.dropFirst(digits.count + 2))
    }

    /// Puts `sentences` first, one step each: what must happen before the code compiles in the app.
    public mutating func prepend(_ sentences: [String]) {
        steps.insert(contentsOf: sentences.map { sentence in
            let capitalized = sentence.prefix(1).uppercased() + sentence.dropFirst()
            return Step(lines: [capitalized, ""])
        }, at: 0)
    }

    public mutating func addByHand(_ instructions: [String]) {
        byHand += instructions
    }

    /// The steps as printed and written: the template's lines, renumbered from 1.
    public var markdown: String {
        var text = ([heading] + preamble).joined(separator: "\n") + "\n"
        for (index, step) in steps.enumerated() {
            text += "\(index + 1). " + step.lines.joined(separator: "\n") + "\n"
        }
        if !byHand.isEmpty {
            text += "\nTo do by hand in your project:\n" + byHand.map { "  - \($0)\n" }.joined()
        }
        return text
    }

    /// The contents of `bggen/NEXT_STEPS.md`: a Markdown heading over the same text, with bggen's marker.
    public var file: GeneratedFile {
        GeneratedFile(path: Self.path, contents: GeneratedMarker.stamp("# " + markdown, path: Self.path), ownership: .tool)
    }

    /// What `bggen/NEXT_STEPS.md` says, without the marker; nil for a file bggen did not write.
    public static func shown(fromFile text: String) -> String? {
        guard GeneratedMarker.provenance(of: text) != .foreign else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeFirst()
        return lines.joined(separator: "\n")
    }
}
