import BggenModel

/// A task identifier passed to BGTaskScheduler (or a background session's), as written and, where the code
/// allows, as a value: one record that `init` (registered identifiers, coverage) and every doctor rule read.
struct TaskIdentifierUse: Sendable, Equatable {
    enum Role: Sendable, Hashable {
        /// `register(forTaskWithIdentifier:)`, a call of a wrapper that passes its argument there, or a plugin's.
        case register
        /// SwiftUI `.backgroundTask(.appRefresh("…"))`, which registers the handler itself.
        case swiftUIRefresh
        /// `BGAppRefreshTaskRequest(identifier:)` and its siblings: the identifier a submit uses.
        case request(TaskKind)
        /// `URLSessionConfiguration.background(withIdentifier:)`: a background session's identifier.
        case session
    }

    var role: Role
    /// The identifier, when it is a literal or a constant the model can see; nil when it is built at run time.
    /// May hold `$(PRODUCT_BUNDLE_IDENTIFIER)` (from `Bundle.main.bundleIdentifier`), expanded per target.
    var value: String?
    /// The argument as written, for messages.
    var expression: String
    var location: FindingLocation
    /// The name the argument ends in (`refreshID` of `Config.refreshID`), when it is a plain name or chain.
    var name: String?
    /// The constant to look up in the other files of the target: a member or file-scope name this file does not
    /// define. A parameter or a local is never one.
    var pendingConstant: String?
    /// The types the constant is written with (`Constants.Values` of `Constants.Values.refreshTaskId`), which pick
    /// its declaration among those of that name (see `ConstantTable.qualified`).
    var pendingQualifier: String?
    /// For a member of a name typed as an enum (`task.identifier`, `task: TaskID`): its value for each case, one use
    /// each once the file is read (`eachCase`).
    var caseValues: [String] = []
    /// Why the value is unknown, for messages: "a parameter", "built at run time", "defined where the model cannot see".
    var unresolvedBecause: String?
    /// In a file bggen generated and nobody edited: known to be right, so never "could not check".
    var inBggenOutput: Bool
    /// Inside `#if … #endif`: another branch may hold the same call, so a second registration is not certain.
    var isConditional = false
    /// For a registration and a request: where it runs relative to launch (the function it is in), which also pairs
    /// an identifier built at run time with the requests made for it in the same function (BG008).
    var launch = LaunchContext.unknown
    /// For a registration in bggen's output, the type whose method makes it (`BggenBackgroundTaskManager` when a
    /// prefix is in use): launch reaches it only through a call naming that type, not an app function of the
    /// same name.
    var launchReceiver: String?

    var isRegistration: Bool { role == .register || role == .swiftUIRefresh }
    /// A BGTaskScheduler identifier, which the Info.plist must permit (a session's is not).
    var isTaskIdentifier: Bool { role != .session }

    /// The use itself, or one use per value of `caseValues`.
    var eachCase: [TaskIdentifierUse] {
        guard !caseValues.isEmpty else { return [self] }
        return caseValues.map { value in
            var use = self
            use.value = value
            use.caseValues = []
            use.unresolvedBecause = nil
            return use
        }
    }

    /// Where a use is, what it does and with which value: one call read both as the API and as the app's wrapper
    /// of it is two uses of one occurrence.
    struct Occurrence: Hashable {
        let location: FindingLocation
        let role: Role
        let value: String?
    }

    var occurrence: Occurrence { Occurrence(location: location, role: role, value: value) }
}
