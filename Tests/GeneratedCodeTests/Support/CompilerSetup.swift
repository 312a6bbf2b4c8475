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

    /// The set-ups whose builds the simulator also runs. Swift 5 mode with complete checking compiles the code
    /// `swift6` compiles, with the same isolation, its data-race errors reported as warnings (which the compile
    /// checks count as failures too), but without Swift 6's run-time isolation checks, which trap where Swift 5 runs
    /// on: a run of its build could only find less than the `swift6` run of the same code. So its builds are compile
    /// checks of module `App` (and of the rehearsal module that imports it) with no harness to compile and link,
    /// and no code generated for them (`StubSDK.output(optimized:module:)`).
    static let simulated: [CompilerSetup] = [.swift6, .xcode26Defaults]

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
