/// The open permitted entries that share their text before the first variable and after the last, kept by the
/// literal texts between their variables (`$(A).x1.$(B)` → `.x1.`) in a tree, one level per text. Asking about an
/// identifier reads its middle once per level reached, looking each of its substrings up among a node's texts, so
/// the cost does not grow with the number of entries: trying each entry in turn made doctor's time grow with
/// (entries) × (identifiers) when entries differ only in the middle (issue 43, item 5).
///
/// A glob's literal texts fit an identifier when each occurs after the one before it, and taking each text's
/// leftmost occurrence never loses a fit; so each node is entered at most once per identifier, at its leftmost
/// place.
struct MiddleSegmentTree {
    private struct Node {
        var children: [String: Int] = [:]
        /// The lengths (in characters) of the children's texts: the only substrings worth looking up.
        var childLengths = Set<Int>()
        /// The globs of the entries ending at this node, by kind. With runs of `*` made one, at most two differ
        /// here: with a `*` and (an entry whose variable the glob did not recognise) without.
        var plainGlobs = Set<String>()
        var wildcardGlobs = Set<String>()
    }

    private var nodes = [Node()]

    /// Keeps `glob` (runs of `*` made one), whose literal texts between its first and last `*` are `middle`.
    mutating func insert(glob: String, middle: [Substring], isWildcard: Bool) {
        var index = 0
        for text in middle where !text.isEmpty {
            let key = String(text)
            if let child = nodes[index].children[key] {
                index = child
            } else {
                nodes.append(Node())
                nodes[index].children[key] = nodes.count - 1
                nodes[index].childLengths.insert(key.count)
                index = nodes.count - 1
            }
        }
        if isWildcard { nodes[index].wildcardGlobs.insert(glob) } else { nodes[index].plainGlobs.insert(glob) }
    }

    /// Whether a kept glob (a wildcard entry's too, unless `plainOnly`) fits `identifier`, whose characters are
    /// `characters` and whose middle, between the shared beginning and ending, is `characters[middle]`.
    func fit(_ identifier: String, characters: [Character], middle: Range<Int>, plainOnly: Bool) -> Bool {
        var pending = [(node: 0, from: middle.lowerBound)]
        while let (index, from) = pending.popLast() {
            let node = nodes[index]
            // The glob itself decides, so a fit means exactly what `BuildSettings.glob` means by one.
            if node.plainGlobs.contains(where: { BuildSettings.glob($0, matches: identifier) })
                || !plainOnly && node.wildcardGlobs.contains(where: { BuildSettings.glob($0, matches: identifier) }) {
                return true
            }
            var entered = Set<Int>()
            for start in from..<middle.upperBound {
                for length in node.childLengths where start + length <= middle.upperBound {
                    if let child = node.children[String(characters[start..<start + length])],
                       entered.insert(child).inserted {
                        pending.append((child, start + length))
                    }
                }
            }
        }
        return false
    }
}
