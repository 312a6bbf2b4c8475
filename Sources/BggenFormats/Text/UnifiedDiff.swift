/// Unified diffs let users review what a regenerated file would change before anything is
/// written, in the format every code-review tool and `patch` already understands.
public enum UnifiedDiff {
    /// Returns "" when the texts are equal; otherwise a standard unified diff with `--- oldLabel` / `+++ newLabel` headers and `@@ -a,b +c,d @@` hunks.
    ///
    /// The output matches GNU `diff -u --label oldLabel --label newLabel` byte for byte in the
    /// common cases (including `,1` being omitted from ranges of one line and the
    /// `\ No newline at end of file` marker), so it can be fed to `patch` or compared in tests.
    public static func make(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) -> String {
        if old == new { return "" }
        let oldLines = lines(of: old)
        let newLines = lines(of: new)

        // Interning turns every line comparison in the diff loop into an integer compare.
        var ids: [Substring: Int] = [:]
        func intern(_ lines: [Substring]) -> [Int] {
            lines.map { line in
                if let id = ids[line] { return id }
                ids[line] = ids.count
                return ids.count - 1
            }
        }
        let a = intern(oldLines)
        let b = intern(newLines)

        var matcher = Matcher(a: a, b: b)
        matcher.diff(a: 0..<a.count, b: 0..<b.count)
        let hunks = hunks(changedOld: matcher.changedA, changedNew: matcher.changedB, context: max(0, context))

        var output = "--- \(oldLabel)\n+++ \(newLabel)\n"
        for hunk in hunks {
            output += "@@ -\(range(hunk.old)) +\(range(hunk.new)) @@\n"
            var i = hunk.old.lowerBound, j = hunk.new.lowerBound
            while i < hunk.old.upperBound || j < hunk.new.upperBound {
                if i < hunk.old.upperBound, j < hunk.new.upperBound, !matcher.changedA[i], !matcher.changedB[j] {
                    append(" ", oldLines[i], to: &output)
                    i += 1
                    j += 1
                    continue
                }
                // Within a change, all removals come before all insertions, as GNU diff prints them.
                while i < hunk.old.upperBound, matcher.changedA[i] {
                    append("-", oldLines[i], to: &output)
                    i += 1
                }
                while j < hunk.new.upperBound, matcher.changedB[j] {
                    append("+", newLines[j], to: &output)
                    j += 1
                }
            }
        }
        return output
    }

    /// Lines keep their "\n" so that a last line without one differs from the same text with one,
    /// which is exactly the case GNU diff reports with `\ No newline at end of file`.
    /// Splitting is byte-based because "\r\n" is a single `Character` and would hide the "\n".
    private static func lines(of text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            if let newline = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = text.utf8.index(after: newline)
                result.append(text[start..<end])
                start = end
            } else {
                result.append(text[start...])
                start = text.endIndex
            }
        }
        return result
    }

    private static func append(_ prefix: String, _ line: Substring, to output: inout String) {
        output += prefix
        output += line
        if line.utf8.last != UInt8(ascii: "\n") {
            output += "\n\\ No newline at end of file\n"
        }
    }

    /// GNU conventions: a one-line range omits its length, and an empty range names the line
    /// *before* which the change applies (hence `-0,0` for a created file).
    private static func range(_ lines: Range<Int>) -> String {
        switch lines.count {
        case 0: "\(lines.lowerBound),0"
        case 1: "\(lines.lowerBound + 1)"
        default: "\(lines.lowerBound + 1),\(lines.count)"
        }
    }

    private struct Hunk {
        package var old: Range<Int>
        package var new: Range<Int>
    }

    /// Walks both sides in step, opening a hunk `context` lines before each change and closing it
    /// once more than `2 * context` unchanged lines follow, so nearby changes share one hunk.
    private static func hunks(changedOld: [Bool], changedNew: [Bool], context: Int) -> [Hunk] {
        var hunks: [Hunk] = []
        var i = 0, j = 0
        var current: Hunk? = nil
        var unchangedRun = 0
        let n = changedOld.count, m = changedNew.count
        while i < n || j < m {
            let isChange = (i < n && changedOld[i]) || (j < m && changedNew[j])
            if isChange {
                if current == nil {
                    let lead = min(context, unchangedRun, i, j)
                    current = Hunk(old: (i - lead)..<i, new: (j - lead)..<j)
                }
                while i < n, changedOld[i] { i += 1 }
                while j < m, changedNew[j] { j += 1 }
                current!.old = current!.old.lowerBound..<i
                current!.new = current!.new.lowerBound..<j
                unchangedRun = 0
            } else {
                i += 1
                j += 1
                unchangedRun += 1
                if var hunk = current {
                    if unchangedRun > 2 * context {
                        hunk.old = hunk.old.lowerBound..<(hunk.old.upperBound + context)
                        hunk.new = hunk.new.lowerBound..<(hunk.new.upperBound + context)
                        hunks.append(hunk)
                        current = nil
                    }
                }
            }
        }
        if var hunk = current {
            let tail = min(context, unchangedRun)
            hunk.old = hunk.old.lowerBound..<(hunk.old.upperBound + tail)
            hunk.new = hunk.new.lowerBound..<(hunk.new.upperBound + tail)
            hunks.append(hunk)
        }
        return hunks
    }

    /// Myers' O(ND) algorithm in its linear-space form: find the middle snake of the shortest
    /// edit script, then recurse on both halves. Memory stays O(N) even for completely
    /// different files, while time stays near-linear when the files are mostly alike.
    private struct Matcher {
        package let a: [Int]
        package let b: [Int]
        var changedA: [Bool]
        var changedB: [Bool]

        init(a: [Int], b: [Int]) {
            self.a = a
            self.b = b
            changedA = Array(repeating: false, count: a.count)
            changedB = Array(repeating: false, count: b.count)
        }

        package mutating func diff(a aRange: Range<Int>, b bRange: Range<Int>) {
            var aLow = aRange.lowerBound, aHigh = aRange.upperBound
            var bLow = bRange.lowerBound, bHigh = bRange.upperBound
            while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
                aLow += 1
                bLow += 1
            }
            while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
                aHigh -= 1
                bHigh -= 1
            }
            if aLow == aHigh {
                for j in bLow..<bHigh { changedB[j] = true }
                return
            }
            if bLow == bHigh {
                for i in aLow..<aHigh { changedA[i] = true }
                return
            }
            let (x, y) = middleSnake(aLow: aLow, aHigh: aHigh, bLow: bLow, bHigh: bHigh)
            diff(a: aLow..<x, b: bLow..<y)
            diff(a: x..<aHigh, b: y..<bHigh)
        }

        /// Returns a point on an optimal edit path that splits the problem into two strictly
        /// smaller ones (the "bisect" step as in diff-match-patch). Both ranges are non-empty.
        private func middleSnake(aLow: Int, aHigh: Int, bLow: Int, bHigh: Int) -> (Int, Int) {
            let n = aHigh - aLow, m = bHigh - bLow
            let maxD = (n + m + 1) / 2
            let offset = maxD
            let size = 2 * maxD + 2
            // forward[k]: furthest x reached on diagonal k = x - y from the top-left;
            // backward[k]: the same measured from the bottom-right. -1 marks "not reached".
            var forward = [Int](repeating: -1, count: size)
            var backward = [Int](repeating: -1, count: size)
            forward[offset + 1] = 0
            backward[offset + 1] = 0
            let delta = n - m
            // With an odd delta the paths can only meet during a forward sweep, otherwise backward.
            let checkOnForward = delta & 1 != 0
            // Diagonals that have run off the grid are skipped from then on.
            var forwardStart = 0, forwardEnd = 0, backwardStart = 0, backwardEnd = 0
            for d in 0..<maxD {
                var k = -d + forwardStart
                while k <= d - forwardEnd {
                    let index = offset + k
                    var x = (k == -d || (k != d && forward[index - 1] < forward[index + 1]))
                        ? forward[index + 1] : forward[index - 1] + 1
                    var y = x - k
                    while x < n, y < m, a[aLow + x] == b[bLow + y] {
                        x += 1
                        y += 1
                    }
                    forward[index] = x
                    if x > n {
                        forwardEnd += 2
                    } else if y > m {
                        forwardStart += 2
                    } else if checkOnForward {
                        let other = offset + delta - k
                        if other >= 0, other < size, backward[other] != -1, x >= n - backward[other] {
                            return (aLow + x, bLow + y)
                        }
                    }
                    k += 2
                }
                k = -d + backwardStart
                while k <= d - backwardEnd {
                    let index = offset + k
                    var x = (k == -d || (k != d && backward[index - 1] < backward[index + 1]))
                        ? backward[index + 1] : backward[index - 1] + 1
                    var y = x - k
                    while x < n, y < m, a[aHigh - x - 1] == b[bHigh - y - 1] {
                        x += 1
                        y += 1
                    }
                    backward[index] = x
                    if x > n {
                        backwardEnd += 2
                    } else if y > m {
                        backwardStart += 2
                    } else if !checkOnForward {
                        let other = offset + delta - k
                        if other >= 0, other < size, forward[other] != -1 {
                            let forwardX = forward[other]
                            let forwardY = forwardX - (other - offset)
                            if forwardX >= n - x {
                                return (aLow + forwardX, bLow + forwardY)
                            }
                        }
                    }
                    k += 2
                }
            }
            // Only reachable when nothing matches at all: replacing everything is optimal.
            return (aHigh, bLow)
        }
    }
}
