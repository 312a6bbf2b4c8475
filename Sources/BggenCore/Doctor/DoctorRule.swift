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

/// One check `bggen doctor` makes, declared once in its own file under `Rules/` with its documentation, its check
/// and its examples (SwiftLint's `RuleDescription`): `--help`, the rule table in docs/doctor.md and SARIF's rule list
/// are made from these fields, doctor runs every rule's check, and one test runs every example. The ids follow the
/// research notes (BG…, URL…, PUSH…) so a finding can be looked up, suppressed with `// bggen:ignore <id>` or
/// disabled in `.bggen.json`.
public struct DoctorRule: Sendable, Hashable {
    public let id: String
    public let severity: Severity
    /// One line of plain text, for `--help` and SARIF's `shortDescription`.
    public let summary: String
    /// Markdown: exactly what the rule finds, with its exceptions; the rule table's "Finds" column.
    public let finds: String
    /// Markdown: what goes wrong on a device or at upload when the finding is left in.
    public let why: String
    /// Markdown: the change that makes the finding go away.
    public let fix: String
    /// Words GitHub code scanning filters by (SARIF `properties.tags`).
    public let tags: [String]
    /// Repositories that trigger the rule and repositories that must not, each finding marked in its source. Made
    /// when asked for: only the tests and the documentation need them, and building every rule's example
    /// repositories at each doctor run cost more than reading a small app.
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]
    /// Looks at one app target (or at the code alone) and adds the rule's findings; nil for a rule whose findings
    /// `Doctor` makes from the whole repository (GEN002, GEN003).
    let check: (@Sendable (inout RuleAudit) -> Void)?

    init(id: String, severity: Severity, summary: String, finds: String, why: String, fix: String, tags: [String],
         check: (@Sendable (inout RuleAudit) -> Void)?, examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.finds = finds
        self.why = why
        self.fix = fix
        self.tags = tags
        self.check = check
        makeExamples = examples
    }

    /// The id of the rule's row in the rule table in docs/doctor.md (`<a id="bg001">`), which SARIF's `helpUri`
    /// points at; it never changes while the id does not.
    public var anchor: String { id.lowercased() }

    /// A rule is its id: two values with one id are the same rule, whatever their prose says.
    public static func == (lhs: DoctorRule, rhs: DoctorRule) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every rule, in the order `--help`, docs/doctor.md and SARIF list them.
    public static let all: [DoctorRule] = [
        notPermitted, neverRegistered, missingMode, registeredLate, registeredTwice, submittedNotRegistered, noExpirationHandler, taskNeverCompleted, unawaitedTask, mainActorHandler, forceCastTask, cancelAllAtLaunch,
        processingWithoutIdentifiers, unknownMode, unusedMode, pushWithoutMode, pushWithoutEntitlement, gpuWithoutEntitlement, continuedIdentifierForm,
        deprecatedFetch, legacyFetchSwitchedOff, sessionConvenience, sessionUnsupportedTask, duplicateSession, noSessionEvents, storedCompletion, editedGenerated, outdatedGenerated, nextStepPending, unneededSuppression, couldNotCheck,
    ]

    /// The longest identifier's length, to which tables pad them.
    public static let idWidth = all.map(\.id.count).max() ?? 0

    /// Every rule's identifier, in `all`'s order: what `.bggen.json`'s `doctor.disabled` may list.
    public static let ids = all.map(\.id)

    public static func named(_ id: String) -> DoctorRule? {
        all.first { $0.id == id }
    }
}
