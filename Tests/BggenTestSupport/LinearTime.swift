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
    public static func expectLinear(small: Int, sourceLocation: SourceLocation = #_sourceLocation,
                                    _ prepare: (Int) throws -> () throws -> Void) throws {
        let base = try seconds(try prepare(small))
        let large = try seconds(try prepare(small * 4))
        #expect(large < base * 8 + 0.25, "\(small): \(base) s, \(small * 4): \(large) s", sourceLocation: sourceLocation)
    }
}
#endif
