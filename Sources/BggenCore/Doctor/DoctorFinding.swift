/// One problem: what is wrong, why it matters on a device, and the exact change that fixes it.
public struct DoctorFinding: Sendable, Equatable, Comparable {
    public let rule: DoctorRule
    /// The rule's severity unless the finding lowers it (a check that depends on what doctor cannot see).
    public let severity: Severity
    public let location: FindingLocation
    /// The app target the finding is about; nil for code no app target claims.
    public let target: String?
    public let message: String
    /// Why it matters on a device or at upload.
    public let why: String
    /// The exact change to make.
    public let fix: String
    /// The addition `--fix` makes to an Info.plist or entitlements file; nil for what only a person can change.
    public let edit: PlistFix?

    public init(rule: DoctorRule, severity: Severity? = nil, location: FindingLocation, target: String?, message: String,
                why: String, fix: String, edit: PlistFix? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.location = location
        self.target = target
        self.message = message
        self.why = why
        self.fix = fix
        self.edit = edit
    }

    public static func < (lhs: DoctorFinding, rhs: DoctorFinding) -> Bool {
        (lhs.location, lhs.rule.id, lhs.message) < (rhs.location, rhs.rule.id, rhs.message)
    }
}

/// One additions-only edit of a property list file, relative to the root.
public struct PlistFix: Sendable, Equatable {
    public let path: String
    public let edit: PlistPatcher.Edit

    public init(path: String, edit: PlistPatcher.Edit) {
        self.path = path
        self.edit = edit
    }
}

/// Everything one `bggen doctor` run found, sorted by place.
public struct DoctorReport: Sendable, Equatable {
    public let root: String
    /// The app targets audited, sorted.
    public let targets: [String]
    public let findings: [DoctorFinding]
    /// Findings left out by `// bggen:ignore` comments or `.bggen.json`, for the summary.
    public let suppressedCount: Int
    /// The project files read (the `.xcodeproj`, the spec and its includes), which `--verbose` lists.
    public var projectFiles: [String] = []
    /// Findings left out because `--baseline` lists them, for the summary.
    public var baselinedCount = 0

    public init(root: String, targets: [String], findings: [DoctorFinding], suppressedCount: Int) {
        self.root = root
        self.targets = targets
        self.findings = findings
        self.suppressedCount = suppressedCount
    }

    /// Findings at or above `severity`, which decide the exit status.
    public func count(atLeast severity: Severity) -> Int {
        findings.filter { $0.severity >= severity }.count
    }
}
