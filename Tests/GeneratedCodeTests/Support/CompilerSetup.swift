/// The compiler configurations generated code must build cleanly under.
enum CompilerSetup: String, CaseIterable, Sendable {
    /// Swift 6 language mode: complete data-race checking, as errors.
    case swift6
    /// What a project created by Xcode 26 turns on, in Swift 6 mode: everything is main-actor isolated unless it
    /// says otherwise, nonisolated async functions run on the caller's actor, and conformances may be isolated.
    /// Code that is clean under `swift6` can still break here, and the other way round.
    case xcode26Defaults
    /// Projects still in Swift 5 mode that opted into complete checking: the same checks as warnings, plus the
    /// Swift 5 rules (no region-based `sending` errors promoted, no upcoming-feature defaults).
    case swift5Complete

    var flags: [String] {
        switch self {
        case .swift6:
            ["-swift-version", "6"]
        case .xcode26Defaults:
            [
                "-swift-version", "6",
                "-default-isolation", "MainActor",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances",
            ]
        case .swift5Complete:
            ["-swift-version", "5", "-strict-concurrency=complete"]
        }
    }
}
