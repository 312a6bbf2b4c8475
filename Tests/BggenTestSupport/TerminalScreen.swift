/// What a person would see: a small VT100 screen fed the bytes a program printed, with the behaviour a redraw
/// depends on. A line longer than the width wraps onto the next row (the terminal's own wrap), the cursor cannot go
/// above the window's top row, and a resize cuts rows to the new width without re-wrapping them (xterm's way).
/// It understands text, CR, LF, cursor up (`ESC [ n A`), erase line (`ESC [ 2K`, `ESC [ K`) and erase below
/// (`ESC [ J`); other sequences (colours) are skipped.
public struct TerminalScreen {
    public private(set) var columns: Int
    public let rows: Int
    /// Every row printed so far, the window being the last `rows` of them.
    private var cells: [[Character]] = [[]]
    private var row = 0
    private var column = 0
    /// After a character in the last column: the next one goes to the next row (a terminal's deferred wrap).
    private var pendingWrap = false

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The window's top row.
    private var top: Int { max(0, cells.count - rows) }

    /// The screen's rows, trailing spaces dropped, from the first printed row on.
    public var lines: [String] {
        cells.map { String($0).replacingOccurrences(of: #" +$"#, with: "", options: .regularExpression) }
    }

    public mutating func resize(columns: Int) {
        self.columns = columns
        cells = cells.map { Array($0.prefix(columns)) }
        column = min(column, columns - 1)
        pendingWrap = false
    }

    public mutating func feed(_ text: String) {
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r":
                column = 0
                pendingWrap = false
            case "\n", "\r\n":
                if character == "\r\n" { column = 0 }
                lineFeed()
            case "\u{1B}":
                guard characters.first == "[" else { continue }
                characters.removeFirst()
                let parameters = characters.prefix { !$0.isLetter }
                characters.removeFirst(parameters.count)
                guard let command = characters.popFirst() else { return }
                escape(command, Int(parameters) ?? 0)
            default:
                guard character.asciiValue.map({ $0 >= 0x20 }) ?? true else { continue }
                put(character)
            }
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        row += 1
        while cells.count <= row { cells.append([]) }
    }

    private mutating func put(_ character: Character) {
        if pendingWrap {
            column = 0
            lineFeed()
        }
        while cells[row].count <= column { cells[row].append(" ") }
        cells[row][column] = character
        if column == columns - 1 {
            pendingWrap = true
        } else {
            column += 1
        }
    }

    private mutating func escape(_ command: Character, _ parameter: Int) {
        switch command {
        case "A":
            row = max(top, row - max(parameter, 1))
            pendingWrap = false
        case "K":
            cells[row] = parameter == 2 ? [] : Array(cells[row].prefix(column))
        case "J":
            cells[row] = Array(cells[row].prefix(column))
            for below in cells.indices.dropFirst(row + 1) { cells[below] = [] }
        default:
            break
        }
    }
}
