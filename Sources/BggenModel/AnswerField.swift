/// One answer, as the flags, the `.bggen.json` answers file and the test scenarios spell it: the one parser of
/// each field, so a value is judged the same way wherever it comes from.
public enum AnswerField: String, CaseIterable, Sendable {
    case tasks, interval, network, power, checkpoint, at, strategy, gpu, style
    case bundleID = "bundle-id"
    case ios, prefix, objc, tests

    /// The field's key in `.bggen.json`.
    public var fileKey: String { self == .bundleID ? "bundleId" : rawValue }

    /// Whether the field is a value (`--tasks LIST`) rather than true or false (`--network`, `--no-network`).
    public var takesValue: Bool {
        switch self {
        case .network, .power, .checkpoint, .gpu, .objc, .tests: false
        case .tasks, .interval, .at, .strategy, .style, .bundleID, .ios, .prefix: true
        }
    }

    /// A value that parses, for messages about the answers file.
    public var example: String {
        switch self {
        case .tasks: "refresh,processing"
        case .interval: "few-hours"
        case .at: "02:30"
        case .strategy: "queue"
        case .style: "app-delegate"
        case .bundleID: "com.example.app"
        case .ios: "16.0"
        case .prefix: "Acme"
        case .network, .power, .checkpoint, .gpu, .objc, .tests: "true"
        }
    }

    /// Parses `text` into this field of `answers`; the error names what was wrong and how to fix it.
    public func set(_ text: String, in answers: inout Answers) throws(ConfigurationError) {
        switch self {
        case .tasks: answers.tasks = try TaskKind.parseList(text)
        case .interval: answers.interval = try Interval.parse(text)
        case .at: answers.nightlyAt = try NightlyStart(text)
        case .strategy: answers.strategy = try ContinuedStrategy.parse(text)
        case .style: answers.style = try AppStyle.parse(text)
        case .bundleID: answers.bundleIdentifier = try BundleIdentifier(text)
        case .ios: answers.deploymentTarget = try DeploymentTarget(text)
        case .prefix:
            guard !text.isEmpty else { throw .invalidTypePrefix(text) }
            answers.typePrefix = try Configuration.validatedTypePrefix(text)
        case .network, .power, .checkpoint, .gpu, .objc, .tests:
            throw .notAValue(flag: "--\(rawValue)")
        }
    }

    /// Sets a true-or-false field; `--objc` has no negative form, so false leaves it unset.
    public func set(_ flag: Bool, in answers: inout Answers) {
        switch self {
        case .network: answers.requiresNetwork = flag
        case .power: answers.requiresPower = flag
        case .checkpoint: answers.checkpoint = flag
        case .gpu: answers.gpu = flag
        case .objc: answers.objectiveC = flag ? true : nil
        // false: the question was answered no, and is not asked again.
        case .tests: answers.tests = flag
        case .tasks, .interval, .at, .strategy, .style, .bundleID, .ios, .prefix: break
        }
    }

    /// Answers from flags as a test scenario writes them (`--tasks refresh --no-network`): every flag is an
    /// answer, given once, in its `--name value` form.
    public static func answers(fromFlags flags: [String]) throws(ConfigurationError) -> Answers {
        var answers = Answers()
        var remaining = flags[...]
        while let flag = remaining.popFirst() {
            let name = flag.hasPrefix("--no-") ? String(flag.dropFirst(5)) : String(flag.dropFirst(2))
            guard flag.hasPrefix("--"), let field = AnswerField(rawValue: name) else { throw .notAValue(flag: flag) }
            if field.takesValue {
                try field.set(remaining.popFirst() ?? "", in: &answers)
            } else {
                field.set(!flag.hasPrefix("--no-"), in: &answers)
            }
        }
        return answers
    }
}
