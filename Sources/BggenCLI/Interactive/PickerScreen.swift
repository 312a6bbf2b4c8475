/// What the arrow-key picker shows, laid out for the terminal's size.
///
/// Every line is narrower than the terminal, so each takes exactly one row and the picker knows how far up to go
/// to redraw: a line the terminal wrapped itself would take two rows where the redraw counted one, and each key
/// press would then print the question again further down. A long option wraps under its own text; when the
/// wrapped list would not fit the window's height, each option is cut to one row with "…" instead, since a redraw
/// cannot reach rows that scrolled off the top.
struct PickerScreen {
    let question: String
    let hint: String
    let options: [String]
    let several: Bool

    /// The lines to print, each at most `columns - 1` wide.
    func lines(cursor: Int, selected: Set<Int>, columns: Int, rows: Int) -> [String] {
        let width = max(columns - 1, 20)
        let title = HelpLayout.fill("\(question) (\(hint))", indent: 0, width: width).map { Self.cut($0, to: width) }
        let wrapped = options.indices.flatMap { option(at: $0, cursor: cursor, selected: selected, width: width, wrap: true) }
        guard title.count + wrapped.count >= rows else { return title + wrapped }
        return title + options.indices.flatMap { option(at: $0, cursor: cursor, selected: selected, width: width, wrap: false) }
    }

    /// ` ❯ ◉ text`, wrapped under the text, or cut to one row.
    private func option(at index: Int, cursor: Int, selected: Set<Int>, width: Int, wrap: Bool) -> [String] {
        let prefix = " " + (index == cursor ? "❯" : " ") + " " + (several ? (selected.contains(index) ? "◉ " : "◯ ") : "")
        guard wrap else { return [Self.cut(prefix + options[index], to: width)] }
        let lines = HelpLayout.fill(options[index], indent: prefix.count, width: width).map { Self.cut($0, to: width) }
        return [prefix + lines[0].dropFirst(prefix.count)] + lines.dropFirst()
    }

    /// `line`, ending in "…" where it is wider than `width`.
    static func cut(_ line: String, to width: Int) -> String {
        line.count <= width ? line : line.prefix(width - 1) + "…"
    }

    /// How many rows `lines`, printed at some width, take once the terminal is `columns` wide: a terminal that
    /// re-wraps on resize (Terminal.app, iTerm2) spreads a line narrower than it was printed over several rows.
    static func rows(of lines: [String], columns: Int) -> Int {
        lines.reduce(0) { $0 + max(1, ($1.count + columns - 1) / max(columns, 1)) }
    }
}
