/// `BGTaskScheduler.shared.cancelAllTaskRequests()` (Objective-C `[… cancelAllTaskRequests]`): it cancels every
/// pending request of the app, those an SDK the app links submitted too. Where it runs decides whether that is a
/// choice (at sign-out) or a loss at each launch (BG016).
struct CancelAllCall: Sendable, Equatable {
    var location: FindingLocation
    /// The function it is in, followed to launch across files as a registration is.
    var launch: LaunchContext
    /// Inside `#if`, an `if`, `guard` or loop of its function, or after the function may have returned: it may not
    /// run at every launch.
    var isConditional: Bool
}
