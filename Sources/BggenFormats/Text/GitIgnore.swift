/// The rules of one `.gitignore`, read far enough to tell whether a folder is ignored, so bggen never writes the
/// app's new files where git would not keep them (`ios/Pods/`, `build/`).
///
/// Read: blank lines and `#` comments; `!` re-includes; a trailing `/` (folders only, and only folders are asked
/// about); a pattern with a `/` before its end is anchored to the `.gitignore`'s folder, one without matches a
/// name at any depth; `*` and `?` within a name; `**` as a whole component (any number of folders). A pattern with
/// `[`, `\` or a `**` inside a name is skipped rather than guessed at, so such a rule ignores nothing here.
/// Matching is by dynamic programming over pattern and path components, and within a name by returning to the last
/// `*` only, so it is linear in each of them.
package struct GitIgnore: Sendable {
    private struct Rule: Sendable {
        var negated: Bool
        /// Components; "**" stands for any number of folders.
        var parts: [Part]
    }

    /// One component of a pattern, split into scalars once when the file is read: every folder asked about is
    /// matched against every rule, and splitting each pattern again per match was a fifth of doctor's time on
    /// mastodon-ios (139 rules).
    private enum Part: Sendable {
        /// `**`: any number of folders.
        case anyFolders
        /// A name without `*` or `?`, equal to a folder's name scalar by scalar.
        case literal([Unicode.Scalar])
        case glob([Unicode.Scalar])

        init(_ text: String) {
            let scalars = Array(text.unicodeScalars)
            if text == "**" {
                self = .anyFolders
            } else if scalars.contains(where: { $0 == "*" || $0 == "?" }) {
                self = .glob(scalars)
            } else {
                self = .literal(scalars)
            }
        }

        func matches(_ name: [Unicode.Scalar]) -> Bool {
            switch self {
            case .anyFolders: false
            case .literal(let scalars): scalars == name
            case .glob(let pattern): GitIgnore.glob(pattern, name)
            }
        }
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
            rules.append(Rule(negated: negated, parts: parts.map(Part.init)))
        }
        self.rules = rules
    }

    /// Whether the folder at `path` (relative to this file's folder) is ignored by these rules (`true`),
    /// re-included (`false`), or not named by any (nil). The last matching rule decides, as in git.
    package func verdict(forFolder path: String) -> Bool? {
        let components = path.split(separator: "/").map { Array($0.unicodeScalars) }
        guard !components.isEmpty else { return nil }
        for rule in rules.reversed() where Self.matches(rule.parts, components) {
            return !rule.negated
        }
        return nil
    }

    /// Whether the pattern components match the path components; `**` takes zero or more of them. A trailing
    /// `**` needs at least one (`logs/**` ignores what is inside `logs`, and so `logs`'s contents, not itself).
    private static func matches(_ pattern: [Part], _ path: [[Unicode.Scalar]]) -> Bool {
        // An unanchored name (`build`, `*.xcworkspace`), most rules: `**` reaches every prefix, so only the last
        // component decides.
        if pattern.count == 2, case .anyFolders = pattern[0] {
            if case .anyFolders = pattern[1] { return path.count >= 1 }
            return pattern[1].matches(path[path.count - 1])
        }
        // An anchored path without `**` (`App.xcodeproj/xcuserdata`): component for component, without the two
        // arrays per component the general match allocates (most of a folder's verdict on pocket-casts-ios).
        if !pattern.contains(where: { if case .anyFolders = $0 { true } else { false } }) {
            return pattern.count == path.count && zip(pattern, path).allSatisfy { $0.matches($1) }
        }
        // reachable[j]: the first i pattern components can match the first j path components.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for (index, part) in pattern.enumerated() {
            var next = [Bool](repeating: false, count: path.count + 1)
            if case .anyFolders = part {
                let isLast = index == pattern.count - 1
                // `seen`: some shorter prefix is reachable, so this one is too.
                var seen = false
                for j in 0...path.count {
                    next[j] = isLast ? seen : (seen || reachable[j])
                    if reachable[j] { seen = true }
                }
            } else {
                for j in 0..<path.count where reachable[j] && part.matches(path[j]) { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[path.count]
    }

    /// `*` and `?` in one name. Only the last `*` is returned to: what an earlier one would take, a later one can
    /// take as well, so each scalar of the name is compared at most once per scalar of the pattern, without the two
    /// arrays per scalar that matching by dynamic programming allocated (a tenth of doctor's time on mastodon-ios).
    static func glob(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        var p = 0, n = 0
        // The last `*` met, and the first scalar of the name it has not taken yet.
        var star: Int?
        var resume = 0
        while n < name.count {
            if p < pattern.count && pattern[p] == "*" {
                star = p
                resume = n
                p += 1
            } else if p < pattern.count && (pattern[p] == "?" || pattern[p] == name[n]) {
                p += 1
                n += 1
            } else if let star {
                p = star + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
