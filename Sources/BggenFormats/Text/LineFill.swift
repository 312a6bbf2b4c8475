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

    /// `items` after `label` (`  Bundle ID: `), further lines under the first item. When the first item does not fit
    /// after the label (`BGTaskSchedulerPermittedIdentifiers:` and an identifier at 60 columns), the label stands
    /// alone and the items go under it, two columns in from where it starts.
    package static func labelled(_ label: String, _ items: [String], width: Int) -> [String] {
        guard let first = items.first, label.count + first.count > width else {
            return lines(items, first: label, rest: String(repeating: " ", count: label.count), width: width)
        }
        let indent = String(repeating: " ", count: label.prefix { $0 == " " }.count + 2)
        return [String(label.reversed().drop { $0 == " " }.reversed())] + lines(items, first: indent, rest: indent, width: width)
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
