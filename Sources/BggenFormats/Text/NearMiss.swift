/// "Did you mean …?" for a mistyped word: the one place that judges how close a typo is to what was meant, for
/// options, commands, option values and the values doctor finds in a plist.
public enum NearMiss {
    /// The candidate `word` was most likely meant as: the one fewest edits away (insertions, deletions,
    /// substitutions, swaps of two neighbours), when that is at most 2 and at most half the word's length, so `sarf`
    /// finds `sarif` and `zhs` finds `zsh` but `x` finds nothing; else the one candidate the word begins (`warn`
    /// for `warning`). The first of equally near candidates wins.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = word.lowercased()
        let scored = candidates.map { ($0, distance($0.lowercased(), typed)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 > 0, best.1 <= min(2, word.count / 2) { return best.0 }
        let started = candidates.filter { $0.lowercased().hasPrefix(typed) && $0.count > word.count }
        return word.count >= 3 && started.count == 1 ? started[0] : nil
    }

    /// Optimal string alignment distance: Levenshtein's, with a swap of two neighbouring letters as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
