import BggenFormats

/// A piece of help, kept as what it is (running text, a table, a command line) rather than as lines, so it is laid
/// out for the terminal it is printed on: text hard-wrapped at one width and re-wrapped at another comes out ragged.
enum HelpBlock: Sendable {
    /// Running text, re-flowed to the width.
    case paragraph(String)
    /// Terms and what they mean: each text in one column after its label, or under a label too long for the column.
    case rows([HelpRow])
    /// A command a reader may copy. It is never broken inside a word; wider than the page, it goes on after ` \` on
    /// the next line, so the copy still runs in a shell.
    case command(String)
    /// Lines kept exactly as written (a JSON example).
    case literal([String])
    /// Running text that goes on from the block before it with no blank line between (a group's "Also:" line).
    case aside(String)
}

extension HelpBlock {
    var isCommand: Bool {
        if case .command = self { return true }
        return false
    }

    var isAside: Bool {
        if case .aside = self { return true }
        return false
    }
}

/// A label (`--tasks LIST`, `MODE003  warning`) and what it says, which may hold paragraphs and rows of its own.
struct HelpRow: Sendable {
    let label: String
    let body: [HelpBlock]

    init(_ label: String, _ body: [HelpBlock]) {
        self.label = label
        self.body = body
    }

    init(_ label: String, _ text: String) {
        self.init(label, [.paragraph(text)])
    }
}

/// A titled part of a help page: `OPTIONS:`, `EXAMPLES:`.
struct HelpSection: Sendable {
    let title: String
    let blocks: [HelpBlock]
    /// `USAGE: bggen init …` on one line: the title starts the first paragraph instead of a line of its own.
    var inline = false
}

/// Lays help out at a width, as swift-argument-parser does: paragraphs filled to the width, a row's text in a
/// column (the label alone on its line when longer than the column), and commands kept whole.
enum HelpLayout {
    /// Where a row's text starts, from the row's indentation: wide enough for most option labels.
    static let labelColumn = 26

    /// The page: each section's title and its blocks indented by two (untitled: not indented), a blank line
    /// between sections.
    static func render(_ sections: [HelpSection], width: Int) -> String {
        sections.map { section in
            if section.inline, case .paragraph(let text) = section.blocks.first {
                return (fill("\(section.title): \(text)", indent: 0, width: width) + render(Array(section.blocks.dropFirst()), indent: 2, width: width))
                    .joined(separator: "\n") + "\n"
            }
            let lines = section.title.isEmpty ? render(section.blocks, indent: 0, width: width)
                : ["\(section.title):"] + section.blocks.enumerated().flatMap { index, block in
                    // Paragraphs and tables are set apart, as in a man page; a list of commands stays together.
                    let spaced = index > 0 && !(block.isCommand && section.blocks[index - 1].isCommand) && !block.isAside
                    return (spaced ? [""] : []) + render([block], indent: 2, width: width)
                }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    static func render(_ blocks: [HelpBlock], indent: Int, width: Int) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .paragraph(let text), .aside(let text): fill(text, indent: indent, width: width)
            case .rows(let rows): render(rows, indent: indent, width: width, fitted: indent > 2)
            case .command(let command): continued(command, indent: indent, width: width)
            case .literal(let lines): lines.map { pad(indent) + $0 }
            }
        }
    }

    /// `text`'s words, as many to a line as fit; a word longer than a line (a URL, a path) gets a line of its own
    /// rather than being cut. `lead` (a finding's place and severity) starts the first line instead of the indent.
    /// Widths are what a terminal shows: colour sequences take no column.
    static func fill(_ text: String, indent: Int, width: Int, lead: String? = nil) -> [String] {
        // The lead is the first item, so it stands alone when the first word does not fit after it.
        LineFill.lines((lead.map { [$0] } ?? []) + LineFill.words(text), first: lead == nil ? pad(indent) : "", rest: pad(indent), width: width,
                              columns: { visibleWidth($0) })
    }

    /// Columns `text` takes on a terminal: its characters, less SGR colour sequences (`ESC [ … m`).
    static func visibleWidth(_ text: some StringProtocol) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// A table on its own (the man page's), its text column just after its longest label.
    static func table(_ rows: [HelpRow], width: Int) -> [String] {
        render(rows, indent: 0, width: width, fitted: true)
    }

    /// Every table at a page's first level has one column, so the option groups line up; a `fitted` one (the
    /// interval mapping inside an option's text) narrows to its longest label. Each moves left on a narrow terminal
    /// so the text keeps room for a few words.
    private static func render(_ rows: [HelpRow], indent: Int, width: Int, fitted: Bool) -> [String] {
        let longest = rows.map(\.label.count).max() ?? 0
        let column = indent + min(fitted ? longest + 2 : labelColumn, max(width / 3, 12))
        return rows.flatMap { row -> [String] in
            let body = render(row.body, indent: column, width: width)
            let label = pad(indent) + row.label
            guard label.count + 2 <= column, let first = body.first else { return [label] + body }
            return [label + pad(column - label.count) + first.dropFirst(column)] + body.dropFirst()
        }
    }

    /// A command filled to the width, each line but the last ending in ` \\` and the rest indented by four.
    private static func continued(_ command: String, indent: Int, width: Int) -> [String] {
        let words = command.split(separator: " ")
        var lines: [String] = []
        var line = pad(indent) + (words.first ?? "")
        for (index, word) in words.enumerated().dropFirst() {
            // Room for ` \\` unless this is the last word.
            let room = width - (index == words.count - 1 ? 0 : 2)
            if line.count + 1 + word.count > room {
                lines.append(line + " \\")
                line = pad(indent + 4) + word
            } else {
                line += " " + word
            }
        }
        return lines + [line]
    }

    private static func pad(_ count: Int) -> String {
        String(repeating: " ", count: max(count, 0))
    }
}
