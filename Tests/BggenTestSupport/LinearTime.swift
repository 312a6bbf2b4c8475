#if canImport(Testing)
import Foundation
import Testing

/// How the timing tests tell linear work from quadratic (issue 20, item 7; issue 43, item 5): the same input at a
/// size and at four times that size, each timed as the best of three runs, since the suite runs other tests (and
/// compilers) beside them. Linear work takes about four times as long, quadratic sixteen; the bound is eight (the
/// time at most doubling per doubling of the input, with slack), plus a quarter of a second for inputs too small
/// to time.
public enum LinearTime {
    /// The best of three runs of `work`.
    public static func seconds(_ work: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = Date()
            try work()
            best = min(best, Date().timeIntervalSince(start))
        }
        return best
    }

    /// `prepare(n)` builds the input of size `n` (untimed) and returns the work on it, timed at `small` and at four
    /// times `small`.
    ///
    /// A machine busy with the suite's other tests can stall one size's three runs alike (a clean CI run measured
    /// 30 times for 4 times the input of work that takes 3.7 times alone): a missed bound is measured again, three
    /// rounds at most, and each round's times are in the message. Quadratic work misses it in every round.
    public static func expectLinear(small: Int, sourceLocation: SourceLocation = #_sourceLocation,
                                    _ prepare: (Int) throws -> () throws -> Void) throws {
        var rounds: [String] = []
        for _ in 0..<3 {
            let base = try seconds(try prepare(small))
            let large = try seconds(try prepare(small * 4))
            if large < base * 8 + 0.25 { return }
            rounds.append("\(small): \(base) s, \(small * 4): \(large) s")
        }
        Issue.record("not linear in every round: \(rounds.joined(separator: "; "))", sourceLocation: sourceLocation)
    }
}
#endif
