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

    /// One component of a pattern, kept as its UTF-8 bytes from the file's: every folder asked about is matched
    /// against every rule, and reading the file and each folder's path Character by Character was a twelfth of
    /// doctor's instructions on mastodon-ios (139 rules).
    private enum Part: Sendable {
        /// `**`: any number of folders.
        case anyFolders
        /// A name without `*` or `?`, equal to a folder's name byte for byte.
        case literal([UInt8])
        /// `*` and a name without `*` or `?` (`*.xcworkspace`, most globs): a folder's name that ends in those
        /// bytes. The name's byte where they start equals their first, which is no continuation byte, so the `*`
        /// takes whole scalars as in `glob`.
        case ending([UInt8])
        case glob([UInt8])

        init(_ bytes: ArraySlice<UInt8>) {
            let isWildcard = { (byte: UInt8) in byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") }
            if bytes.elementsEqual("**".utf8) {
                self = .anyFolders
            } else if bytes.first == UInt8(ascii: "*") && !bytes.dropFirst().contains(where: isWildcard) {
                self = .ending(Array(bytes.dropFirst()))
            } else if bytes.contains(where: isWildcard) {
                self = .glob(Array(bytes))
            } else {
                self = .literal(Array(bytes))
            }
        }

        var isAnyFolders: Bool {
            if case .anyFolders = self { true } else { false }
        }

        /// Lengths are compared first: most names are of another length than a literal, or shorter than an ending.
        func matches(_ name: ArraySlice<UInt8>) -> Bool {
            switch self {
            case .anyFolders: false
            case .literal(let bytes): bytes.count == name.count && bytes.elementsEqual(name)
            case .ending(let bytes): bytes.count <= name.count && name.suffix(bytes.count).elementsEqual(bytes)
            case .glob(let pattern): GitIgnore.glob(pattern, name)
            }
        }
    }

    /// Longer patterns are skipped: no real rule is this long, and a hostile one must not cost more.
    package static let maximumPatternLength = 512
    /// Rules after this many are not read: real files hold a few hundred, and each folder asked about is matched
    /// against every rule.
    static let maximumRules = 2_048

    private let rules: [Rule]

    /// Lines end where `Character.isNewline` ends them (`TextLines`).
    package init(text: String) {
        var rules: [Rule] = []
        for line in TextLines.split(text) where rules.count < Self.maximumRules {
            if let rule = Self.rule(Array(line.utf8)[...]) { rules.append(rule) }
        }
        self.rules = rules
    }

    private static func rule(_ rawLine: ArraySlice<UInt8>) -> Rule? {
        var line = rawLine
        while line.last == UInt8(ascii: " ") || line.last == UInt8(ascii: "\t") { line = line.dropLast() }
        // At most one Character per byte: only a line of more bytes than the limit needs its Characters counted.
        guard let first = line.first, first != UInt8(ascii: "#"),
              line.count <= maximumPatternLength || String(decoding: line, as: UTF8.self).count <= maximumPatternLength,
              !line.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\") }) else { return nil }
        let negated = first == UInt8(ascii: "!")
        if negated { line = line.dropFirst() }
        while line.last == UInt8(ascii: "/") { line = line.dropLast() }
        guard !line.isEmpty else { return nil }
        let anchored = line.dropLast().contains(UInt8(ascii: "/"))
        let components = line.split(separator: UInt8(ascii: "/"))
        guard !components.isEmpty, !components.contains(where: { component in
            !component.elementsEqual("**".utf8) && zip(component, component.dropFirst()).contains { $0 == UInt8(ascii: "*") && $1 == UInt8(ascii: "*") }
        }) else { return nil }
        return Rule(negated: negated, parts: (anchored ? [] : [.anyFolders]) + components.map(Part.init))
    }

    /// Whether the folder at `path` (relative to this file's folder) is ignored by these rules (`true`),
    /// re-included (`false`), or not named by any (nil). The last matching rule decides, as in git.
    package func verdict(forFolder path: String) -> Bool? {
        let bytes = Array(path.utf8)
        let components = bytes.split(separator: UInt8(ascii: "/"))
        guard !components.isEmpty else { return nil }
        for rule in rules.reversed() where Self.matches(rule.parts, components) {
            return !rule.negated
        }
        return nil
    }

    /// Whether the pattern components match the path components; `**` takes zero or more of them. A trailing
    /// `**` needs at least one (`logs/**` ignores what is inside `logs`, and so `logs`'s contents, not itself).
    private static func matches(_ pattern: [Part], _ path: [ArraySlice<UInt8>]) -> Bool {
        // An unanchored name (`build`, `*.xcworkspace`), most rules: `**` reaches every prefix, so only the last
        // component decides.
        if pattern.count == 2, case .anyFolders = pattern[0] {
            if case .anyFolders = pattern[1] { return path.count >= 1 }
            return pattern[1].matches(path[path.count - 1])
        }
        // An anchored path without `**` (`App.xcodeproj/xcuserdata`): component for component, without the two
        // arrays per component the general match allocates (most of a folder's verdict on pocket-casts-ios).
        if !pattern.contains(where: \.isAnyFolders) {
            return pattern.count == path.count && zip(pattern, path).allSatisfy { $0.matches($1) }
        }
        // A pattern that starts or ends with a name (`fastlane/screenshots/**/*.png`, `**/swiftpm/Package.resolved`)
        // matches only a path whose first or last component that name matches: most folders are turned away here,
        // before the general match allocates its arrays.
        if let first = pattern.first, !first.isAnyFolders, !first.matches(path[0]) { return false }
        if let last = pattern.last, !last.isAnyFolders, !last.matches(path[path.count - 1]) { return false }
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
    /// take as well, so each byte of the name is compared at most once per byte of the pattern, without the two
    /// arrays per byte that matching by dynamic programming allocated (a tenth of doctor's time on mastodon-ios).
    /// `?`, and each step back to a `*`, take a whole scalar of the name, so the name is only ever split between
    /// scalars: a literal byte of the pattern starts a scalar, which a name's byte inside one never equals.
    static func glob(_ pattern: [UInt8], _ name: ArraySlice<UInt8>) -> Bool {
        var p = 0, n = name.startIndex
        // The last `*` met, and the first byte of the name it has not taken yet.
        var star: Int?
        var resume = n
        while n < name.endIndex {
            if p < pattern.count && pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = n
                p += 1
            } else if p < pattern.count && pattern[p] == UInt8(ascii: "?") {
                p += 1
                n = scalarEnd(name, from: n)
            } else if p < pattern.count && pattern[p] == name[n] {
                p += 1
                n += 1
            } else if let star {
                p = star + 1
                resume = scalarEnd(name, from: resume)
                n = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// Where the UTF-8 scalar starting at `index` ends: past the continuation bytes (`10xxxxxx`) after its first.
    private static func scalarEnd(_ bytes: ArraySlice<UInt8>, from index: Int) -> Int {
        var end = index + 1
        while end < bytes.endIndex && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }
}
