import BggenModel

/// One of bggen's schedule functions (`scheduleAppRefresh()`) as the code model finds it: where bggen's output
/// declares it, and every file that names it. Registering a task submits no request: until the app calls the
/// function as it enters the background, the kind's task never runs. An app that pasted the next steps'
/// registration and not the schedule call got nothing from doctor; GEN003 now says so (`PendingNextSteps`).
struct ScheduleFunction: Sendable, Equatable {
    var name: String
    var declaration: FindingLocation
    /// The files whose code names it, bggen's own among them.
    var namedIn: Set<String> = []

    /// Every kind's, from the one declaration of the kinds (`TaskSpec`).
    static let names = Set(TaskSpec.all.compactMap(\.scheduleFunction))
}
