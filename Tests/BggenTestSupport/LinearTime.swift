#if canImport(Testing)
import Foundation
import Testing

/// How the timing tests tell linear work from quadratic (issue 20, item 7; issue 43, item 5): the same input at a
/// size and at four times that size, each timed as the best of several runs, since the suite runs other tests (and
/// compilers) beside them. Linear work takes about four times as long, quadratic sixteen; the bound is eight (the
/// time at most doubling per doubling of the input, with slack), plus a quarter of a second for inputs too small
/// to time.
public enum LinearTime {
    /// One run of `work`, in seconds.
    public static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = Date()
        try work()
        return Date().timeIntervalSince(start)
    }

    /// `prepare(n)` builds the input of size `n` (untimed) and returns the work on it, timed at `small` and at four
    /// times `small`.
    ///
    /// A machine busy with the suite's other tests can stall one size's runs alike (a clean CI run measured 30 times
    /// for 4 times the input of work that takes 3.7 times alone; at a load average of 10 on two cores the bound was
    /// missed three rounds running). The two sizes run by turns, so a burst of other work lands on both rather than
    /// on all of one size's runs, and a missed bound is measured again, three rounds at most, each with twice the
    /// runs of the one before (3, 6, then 12 of each size): the best of more runs comes nearer the work's own time,
    /// whichever way the stalls fell. Each round's times are in the message. The bound is the same in every round:
    /// quadratic work, sixteen times as long, meets it only if every run of the small size was stalled to twice its
    /// time, which more runs make less likely, not more.
    public static func expectLinear(small: Int, sourceLocation: SourceLocation = #_sourceLocation,
                                    _ prepare: (Int) throws -> () throws -> Void) throws {
        var rounds: [String] = []
        for round in 0..<3 {
            let smallWork = try prepare(small)
            let largeWork = try prepare(small * 4)
            var base = Double.infinity
            var large = Double.infinity
            for _ in 0..<(3 << round) {
                base = min(base, try seconds(smallWork))
                large = min(large, try seconds(largeWork))
            }
            if large < base * 8 + 0.25 { return }
            rounds.append("\(small): \(base) s, \(small * 4): \(large) s (best of \(3 << round))")
        }
        Issue.record("not linear in every round: \(rounds.joined(separator: "; "))", sourceLocation: sourceLocation)
    }
}
#endif
