/// The rules of one `.gitignore`, read far enough to tell whether a folder is ignored, so bggen never writes the
/// app's new files where git would not keep them (`ios/Pods/`, `build/`).
///
/// Read: blank lines and `#` comments; `!` re-includes; a trailing `/` (folders only, and only folders are asked
/// about); a pattern with a `/` before its end is anchored to the `.gitignore`'s folder, one without matches a
/// name at any depth; `*` and `?` within a name; `**` as a whole component (any number of folders). A pattern with
/// `[`, `\` or a `**` inside a name is skipped rather than guessed at, so such a rule ignores nothing here.
/// Matching is by dynamic programming over pattern and path components, so it is linear in each of them.
package struct GitIgnore: Sendable {
    private struct Rule: Sendable {
        var negated: Bool
        /// Components; "**" stands for any number of folders.
        var parts: [String]
    }

    /// Longer patterns are skipped: no real rule is this long, and a hostile one must not cost more.
    static let maximumPatternLength = 512
    /// Rules after this many are not read: real files hold a few hundred, and each folder asked about is matched
    /// against every rule.
    static let maximumRules = 2_048

    private let rules: [Rule]

    package init(text: String) {
        var rules: [Rule] = []
        for rawLine in text.split(whereSeparator: \.isNewline) where rules.count < Self.maximumRules {
            var line = Substring(rawLine)
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            guard !line.isEmpty, !line.hasPrefix("#"), line.count <= Self.maximumPatternLength,
                  !line.contains("["), !line.contains("\\") else { continue }
            let negated = line.hasPrefix("!")
            if negated { line = line.dropFirst() }
            while line.hasSuffix("/") { line = line.dropLast() }
            guard !line.isEmpty else { continue }
            let anchored = line.dropLast().contains("/")
            var parts = line.split(separator: "/").map(String.init)
            guard !parts.isEmpty, !parts.contains(where: { $0 != "**" && $0.contains("**") }) else { continue }
            if !anchored { parts.insert("**", at: 0) }
            rules.append(Rule(negated: negated, parts: parts))
        }
        self.rules = rules
    }

    /// Whether the folder at `path` (relative to this file's folder) is ignored by these rules (`true`),
    /// re-included (`false`), or not named by any (nil). The last matching rule decides, as in git.
    package func verdict(forFolder path: String) -> Bool? {
        let components = path.split(separator: "/").map(String.init)
        guard !components.isEmpty else { return nil }
        for rule in rules.reversed() where Self.matches(rule.parts, components) {
            return !rule.negated
        }
        return nil
    }

    /// Whether the pattern components match the path components; `**` takes zero or more of them. A trailing
    /// `**` needs at least one (`logs/**` ignores what is inside `logs`, and so `logs`'s contents, not itself).
    private static func matches(_ pattern: [String], _ path: [String]) -> Bool {
        // reachable[j]: the first i pattern components can match the first j path components.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for (index, part) in pattern.enumerated() {
            var next = [Bool](repeating: false, count: path.count + 1)
            if part == "**" {
                let isLast = index == pattern.count - 1
                // `seen`: some shorter prefix is reachable, so this one is too.
                var seen = false
                for j in 0...path.count {
                    next[j] = isLast ? seen : (seen || reachable[j])
                    if reachable[j] { seen = true }
                }
            } else {
                for j in 0..<path.count where reachable[j] && glob(part, path[j]) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[path.count]
    }

    /// `*` and `?` in one name, matched without backtracking.
    static func glob(_ pattern: String, _ name: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars), name = Array(name.unicodeScalars)
        var reachable = [Bool](repeating: false, count: name.count + 1)
        reachable[0] = true
        for symbol in pattern {
            var next = [Bool](repeating: false, count: name.count + 1)
            switch symbol {
            case "*":
                var seen = false
                for j in 0...name.count {
                    if reachable[j] { seen = true }
                    next[j] = seen
                }
            case "?":
                for j in 0..<name.count where reachable[j] { next[j + 1] = true }
            default:
                for j in 0..<name.count where reachable[j] && name[j] == symbol { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[name.count]
    }
}
