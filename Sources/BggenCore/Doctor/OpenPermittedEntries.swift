/// Permitted identifiers whose expansion leaves a variable nothing in the repository defines
/// (`$(TEAM_PREFIX).refresh`): each variable stands for any text, so the entry permits what its known parts fit.
/// They are kept by the text before their first variable and after their last, so asking about an identifier
/// tries only the entries that begin and end as it does: trying every entry for every identifier made doctor's
/// time grow with (entries) × (registrations) (issue 43, item 5).
struct OpenPermittedEntries {
    private struct Entry {
        let glob: String
        let isWildcard: Bool
    }

    /// Text before the first variable → text after the last → entries.
    private var byEnds: [String: [String: [Entry]]] = [:]
    /// The lengths (in characters) of those beginnings, and of the endings kept under each beginning: an
    /// identifier is cut at these lengths only, however many entries there are.
    private var beginningLengths = Set<Int>()
    private var endingLengths: [String: Set<Int>] = [:]

    var isEmpty: Bool { byEnds.isEmpty }

    mutating func insert(_ text: String, isWildcard: Bool) {
        let glob = AppTarget.glob(text)
        let parts = glob.split(separator: "*", omittingEmptySubsequences: false)
        let beginning = String(parts[0])
        let ending = parts.count > 1 ? String(parts[parts.count - 1]) : ""
        byEnds[beginning, default: [:]][ending, default: []].append(Entry(glob: glob, isWildcard: isWildcard))
        beginningLengths.insert(beginning.count)
        endingLengths[beginning, default: []].insert(ending.count)
    }

    /// Whether an entry (a wildcard one too, unless `plainOnly`) fits `identifier`.
    func fit(_ identifier: String, plainOnly: Bool) -> Bool {
        let length = identifier.count
        for beginningLength in beginningLengths where beginningLength <= length {
            let beginning = String(identifier.prefix(beginningLength))
            guard let byEnding = byEnds[beginning], let endings = endingLengths[beginning] else { continue }
            for endingLength in endings where beginningLength + endingLength <= length {
                let candidates = byEnding[String(identifier.suffix(endingLength))] ?? []
                if candidates.contains(where: { (!plainOnly || !$0.isWildcard) && BuildSettings.glob($0.glob, matches: identifier) }) {
                    return true
                }
            }
        }
        return false
    }
}
