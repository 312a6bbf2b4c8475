/// Items (a paragraph's words, a list's entries) laid into lines greedily, one space between two: as many to a line
/// as fit in the width. The one filler for help pages, doctor's text, init's summary and the generated code's
/// comments, so each breaks its lines the same way.
package enum LineFill {
    /// `items` after `first` on the first line and after `rest` on each further one, each line at most `width`
    /// columns. An item is never cut: a path or an identifier wider than a line stands alone past the width rather
    /// than breaking where a reader cannot tell it was broken. The first item always goes on the first line; a
    /// list with no item is `first` alone. `columns` counts what a terminal shows of a piece (help text takes no
    /// column for its colour sequences); it is called once per piece, so a paragraph fills in linear time.
    package static func lines(_ items: [String], first: String = "", rest: String = "", width: Int,
                              columns: (String) -> Int = { $0.count }) -> [String] {
        var lines: [String] = []
        var line = first
        var lineWidth = columns(first)
        let restWidth = columns(rest)
        var empty = true
        for item in items {
            let itemWidth = columns(item)
            if !empty && lineWidth + 1 + itemWidth > width {
                lines.append(line)
                line = rest
                lineWidth = restWidth
                empty = true
            }
            line += (empty ? "" : " ") + item
            lineWidth += (empty ? 0 : 1) + itemWidth
            empty = false
        }
        return lines + [line]
    }

    /// `text` split at its spaces, runs of spaces counting as one: a sentence's words, to fill as items.
    package static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// `items`, each but the last followed by `mark` (`,`, ` ·`): a list's entries as items to fill.
    package static func parted(_ items: [String], by mark: String) -> [String] {
        items.enumerated().map { index, item in index == items.count - 1 ? item : item + mark }
    }
}
