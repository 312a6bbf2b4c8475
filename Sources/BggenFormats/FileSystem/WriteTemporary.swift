/// The name an atomic write gives the file it writes before renaming it over `name`: hidden, beside it, with a
/// random number, so two writers never share one. A run killed between the two steps (SIGKILL, a power cut)
/// leaves it behind; the next run that writes `name`, holding the repository's lock, knows it by this name as
/// bggen's own and removes it (`PlanWriter`).
package enum WriteTemporary {
    package static func name(for name: String) -> String {
        ".\(name).bggen-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Whether `candidate` is a temporary a write of `name` made: `.NAME.bggen-` and the decimal digits of a
    /// `UInt32`, nothing else.
    package static func isTemporary(_ candidate: String, of name: String) -> Bool {
        let prefix = ".\(name).bggen-"
        guard candidate.hasPrefix(prefix) else { return false }
        let digits = candidate.dropFirst(prefix.count)
        return (1...10).contains(digits.count) && digits.allSatisfy { ("0"..."9").contains($0) } && UInt32(digits) != nil
    }
}
