import Foundation

/// Permitted identifiers whose expansion leaves a variable nothing in the repository defines
/// (`$(TEAM_PREFIX).refresh`): each variable stands for any text, so the entry permits what its known parts fit.
/// They are kept by the text before their first variable and after their last, and then by the texts between
/// (`MiddleSegmentTree`), so asking about an identifier looks its parts up instead of trying entries: trying every
/// entry for every identifier made doctor's time grow with (entries) × (registrations) (issue 43, item 5).
struct OpenPermittedEntries {
    /// Text before the first variable → text after the last → the entries' middles.
    private var byEnds: [String: [String: MiddleSegmentTree]] = [:]
    /// The lengths (in characters) of those beginnings, and of the endings kept under each beginning: an
    /// identifier is cut at these lengths only, however many entries there are.
    private var beginningLengths = Set<Int>()
    private var endingLengths: [String: Set<Int>] = [:]

    var isEmpty: Bool { byEnds.isEmpty }

    mutating func insert(_ text: String, isWildcard: Bool) {
        let glob = AppTarget.glob(text).replacingOccurrences(of: #"\*+"#, with: "*", options: .regularExpression)
        let parts = glob.split(separator: "*", omittingEmptySubsequences: false)
        let beginning = String(parts[0])
        let ending = parts.count > 1 ? String(parts[parts.count - 1]) : ""
        byEnds[beginning, default: [:]][ending, default: MiddleSegmentTree()]
            .insert(glob: glob, middle: Array(parts.dropFirst().dropLast()), isWildcard: isWildcard)
        beginningLengths.insert(beginning.count)
        endingLengths[beginning, default: []].insert(ending.count)
    }

    /// Whether an entry (a wildcard one too, unless `plainOnly`) fits `identifier`.
    func fit(_ identifier: String, plainOnly: Bool) -> Bool {
        let characters = Array(identifier)
        let length = characters.count
        for beginningLength in beginningLengths where beginningLength <= length {
            let beginning = String(characters[..<beginningLength])
            guard let byEnding = byEnds[beginning], let endings = endingLengths[beginning] else { continue }
            for endingLength in endings where beginningLength + endingLength <= length {
                guard let middles = byEnding[String(characters[(length - endingLength)...])] else { continue }
                if middles.fit(identifier, characters: characters, middle: beginningLength..<(length - endingLength),
                               plainOnly: plainOnly) {
                    return true
                }
            }
        }
        return false
    }
}
