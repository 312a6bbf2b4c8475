/// Reading back what bggen fills to the terminal's width: a label's items run on under its first item.
public enum FilledLines {
    /// The text after the first `label` on its line and the lines under it (indented to where that text starts),
    /// as one line.
    public static func entry(_ label: String, in text: String) -> String? {
        entries(label, in: text).first
    }

    /// Every entry `label` starts (a summary has a `warning:` line for each warning), each as one line.
    public static func entries(_ label: String, in text: String) -> [String] {
        let lines = text.split(separator: "\n").map(String.init)
        return lines.indices.compactMap { start in
            guard lines[start].drop(while: { $0 == " " }).hasPrefix(label + " "),
                  let labelEnd = lines[start].range(of: label + " ")?.upperBound else { return nil }
            let column = lines[start].distance(from: lines[start].startIndex, to: labelEnd)
            let under = lines[(start + 1)...].prefix { $0.prefix(column).allSatisfy { $0 == " " } && $0.count > column && $0.dropFirst(column).first != " " }
            return ([String(lines[start].dropFirst(column))] + under.map { String($0.dropFirst(column)) }).joined(separator: " ")
        }
    }

    /// `text` with each line break and the indentation after it made one space: a filled sentence read back whole,
    /// for a test that looks for it wherever the width broke it.
    public static func flat(_ text: String) -> String {
        text.replacing(/\n */, with: " ")
    }

    /// Lines wider than `width` that hold more than one item: a line past the width may only be one path or
    /// identifier that cannot be cut.
    public static func tooWide(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.count > width && line.drop(while: { $0 == " " }).contains(" ")
        }
    }
}
