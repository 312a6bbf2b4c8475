/// How much a finding matters. `--fail-on` compares against this order: note < warning < error.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    /// Could not be checked, or worth knowing; never a defect on its own.
    case note
    /// Likely wrong, or wrong only in some configurations.
    case warning
    /// Fails on a device or at upload.
    case error

    private var rank: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One check `bggen doctor` makes. The ids follow the research notes (BG…, URL…, PUSH…) so a finding can be
/// looked up, suppressed with `// bggen:ignore <id>` or disabled in `.bggen.json`.
public struct DoctorRule: Sendable, Equatable, Hashable {
    public let id: String
    public let severity: Severity
    /// One line, for SARIF's rule list and `--help`.
    public let summary: String

    public static let notPermitted = DoctorRule(id: "BG001", severity: .error,
        summary: "A task identifier registered or submitted in code is not in BGTaskSchedulerPermittedIdentifiers.")
    public static let neverRegistered = DoctorRule(id: "BG002", severity: .warning,
        summary: "A permitted task identifier that no code registers.")
    public static let missingMode = DoctorRule(id: "BG003", severity: .error,
        summary: "A task request without its background mode: refresh needs fetch, processing needs processing.")
    public static let registeredLate = DoctorRule(id: "BG004", severity: .error,
        summary: "A task registered where it runs only after launch finishes (a Task {}, an async block, a view, a scene delegate).")
    public static let registeredTwice = DoctorRule(id: "BG005", severity: .error,
        summary: "The same task identifier is registered at more than one place; the second registration kills the app.")
    public static let noExpirationHandler = DoctorRule(id: "BG007", severity: .error,
        summary: "A launch handler whose work outlives it and that never sets the task's expirationHandler.")
    public static let taskNeverCompleted = DoctorRule(id: "BG008", severity: .error,
        summary: "A launch handler returns on a path where nothing calls setTaskCompleted (no defer, no expirationHandler).")
    public static let mainActorHandler = DoctorRule(id: "BG010", severity: .error,
        summary: "A launch or expiration handler isolated to the main actor in Swift 6: it traps on the scheduler's queue.")
    public static let submittedNotRegistered = DoctorRule(id: "BG006", severity: .error,
        summary: "A task identifier submitted in code that nothing registers.")
    public static let forceCastTask = DoctorRule(id: "BG013", severity: .error,
        summary: "A launch handler force-casts its task (as! BGProcessingTask) but runs for an identifier submitted with another request class.")
    public static let processingWithoutIdentifiers = DoctorRule(id: "MODE001", severity: .error,
        summary: "processing in UIBackgroundModes with no BGTaskSchedulerPermittedIdentifiers (ITMS-90771).")
    public static let unknownMode = DoctorRule(id: "MODE002", severity: .error,
        summary: "A UIBackgroundModes value iOS does not know (a typo, or a task identifier in the wrong array).")
    public static let unusedMode = DoctorRule(id: "MODE003", severity: .warning,
        summary: "A background mode (fetch, processing) that no code in the repository uses (App Review 2.5.4).")
    public static let pushWithoutMode = DoctorRule(id: "PUSH001", severity: .warning,
        summary: "A silent-push handler without remote-notification in UIBackgroundModes.")
    public static let pushWithoutEntitlement = DoctorRule(id: "PUSH004", severity: .error,
        summary: "Silent push without aps-environment in the app's entitlements.")
    public static let gpuWithoutEntitlement = DoctorRule(id: "CPT001", severity: .error,
        summary: "A continued-processing request asks for .gpu without the Background GPU Access entitlement.")
    public static let deprecatedFetch = DoctorRule(id: "FETCH001", severity: .warning,
        summary: "Deprecated background fetch (setMinimumBackgroundFetchInterval, performFetchWithCompletionHandler).")
    public static let legacyFetchSwitchedOff = DoctorRule(id: "FETCH002", severity: .error,
        summary: "Legacy background fetch in an app whose Info.plist has BGTaskSchedulerPermittedIdentifiers, which switches it off.")
    public static let sessionConvenience = DoctorRule(id: "URL001", severity: .error,
        summary: "A completion-handler or async convenience API called on a background URLSession.")
    public static let sessionUnsupportedTask = DoctorRule(id: "URL002", severity: .error,
        summary: "A data task, an upload from Data or a streamed upload on a background URLSession.")
    public static let noSessionEvents = DoctorRule(id: "URL005", severity: .error,
        summary: "A background URLSession with no handleEventsForBackgroundURLSession or .backgroundTask(.urlSession).")
    public static let duplicateSession = DoctorRule(id: "URL004", severity: .warning,
        summary: "The same background session identifier is configured at more than one place.")
    public static let editedGenerated = DoctorRule(id: "GEN001", severity: .warning,
        summary: "A file bggen generated was edited; the next bggen init refuses to update it.")
    public static let outdatedGenerated = DoctorRule(id: "GEN002", severity: .warning,
        summary: "A file bggen generated that this version of bggen would write differently (older templates).")
    public static let couldNotCheck = DoctorRule(id: "CHECK001", severity: .note,
        summary: "Something doctor could not check: an identifier built at run time, a generated Info.plist.")

    /// Every rule, in the order `--help`, the README and SARIF list them.
    public static let all: [DoctorRule] = [
        notPermitted, neverRegistered, missingMode, registeredLate, registeredTwice, submittedNotRegistered, noExpirationHandler, taskNeverCompleted, mainActorHandler, forceCastTask,
        processingWithoutIdentifiers, unknownMode, unusedMode, pushWithoutMode, pushWithoutEntitlement, gpuWithoutEntitlement,
        deprecatedFetch, legacyFetchSwitchedOff, sessionConvenience, sessionUnsupportedTask, duplicateSession, noSessionEvents, editedGenerated, outdatedGenerated, couldNotCheck,
    ]

    public static func named(_ id: String) -> DoctorRule? {
        all.first { $0.id == id }
    }
}
