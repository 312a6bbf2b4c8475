/// The answers a user gave, each optional: flags, questions and answers files all fill this in. Each is kept under
/// its declaration and read through it (`answers[AnswerSpecs.gpu]`), so a new answer adds no field here.
public struct Answers: Sendable, Equatable {
    /// Every answer given, under its declaration's name.
    private var given: [String: GivenAnswer] = [:]
    /// The app target also builds for macOS, where `BackgroundTasks` and `UIKit` do not exist: the generated files
    /// are compiled only where they do. Read from the project, never asked.
    public var guardsPlatform: Bool?

    public init() {}

    /// The tasks chosen: the answer the rules tie the others to.
    public var tasks: [TaskKind]? {
        get { self[AnswerSpecs.tasks] }
        set { self[AnswerSpecs.tasks] = newValue }
    }

    /// The answer `spec` declares, or nil when it was not given.
    public subscript<Value>(_ spec: AnswerSpec<Value>) -> Value? {
        get { self[answer: spec.name] }
        set { self[answer: spec.name] = newValue }
    }

    /// The answer declared with `name`: for a declaration's own closures, made before the declaration is.
    subscript<Value: Sendable & Equatable>(answer name: String) -> Value? {
        get { given[name]?.value as? Value }
        set { given[name] = newValue.map(GivenAnswer.init) }
    }

    /// What `--yes` takes for anything not given: the defaults of the answers a script must otherwise pass.
    public static let defaults = AnswerSpecs.all.reduce(into: Answers()) { $1.assumingDefault(&$0) }

    /// These answers, with every gap filled from `other`: flags over a recorded answers file over defaults.
    public func filling(from other: Answers) -> Answers {
        var filled = AnswerSpecs.all.reduce(into: self) { $1.filling(&$0, from: other) }
        filled.guardsPlatform = guardsPlatform ?? other.guardsPlatform
        return filled
    }

    /// The names of the answers still missing, as the flags that would supply them: those `--yes` would take,
    /// and of them those about a task only while that task may be chosen.
    public var missingFlags: [String] {
        AnswerSpecs.all.filter { spec in
            spec.assumedByYes && !spec.isGiven(in: self) && spec.onlyWith.map { tasks?.contains($0) ?? true } ?? true
        }.map(\.missingFlag)
    }
}

/// One given answer of whatever type its declaration has; two are equal when they hold equal values of one type.
private struct GivenAnswer: Sendable, Equatable {
    let value: any Sendable & Equatable

    static func == (lhs: GivenAnswer, rhs: GivenAnswer) -> Bool { lhs.value.isEqual(to: rhs.value) }
}

extension Equatable {
    fileprivate func isEqual(to other: any Equatable) -> Bool { (other as? Self) == self }
}

/// A complete, validated set of answers: everything the templates need, and nothing left to check.
///
/// An answer no rule ties to the others is read through its declaration, `configuration[AnswerSpecs.gpu]`, so it
/// needs no field here; the named ones below are those rules change, and shorthands for the rest.
public struct Configuration: Sendable, Equatable {
    /// Every answer as its declaration resolves it (`AnswerSpec.resolved`), and as the rules below left it.
    private let resolved: Answers
    public let tasks: [TaskKind]
    public let interval: Interval
    public var requiresNetwork: Bool { self[AnswerSpecs.network] }
    public var requiresPower: Bool { self[AnswerSpecs.power] }
    public var bundleIdentifier: BundleIdentifier { self[AnswerSpecs.bundleID] }
    public var deploymentTarget: DeploymentTarget { self[AnswerSpecs.ios] }
    public var checkpoint: Bool { self[AnswerSpecs.checkpoint] }
    public let nightlyAt: TimeOfDay?
    public var strategy: ContinuedStrategy { self[AnswerSpecs.strategy] }
    public var gpu: Bool { self[AnswerSpecs.gpu] }
    public var style: AppStyle { self[AnswerSpecs.style] }
    /// Before every generated type and Swift file name; empty for none.
    public let typePrefix: String
    /// The app delegate is Objective-C: `BackgroundTasksObjC.swift` and Objective-C next steps.
    public let objectiveC: Bool
    /// Every generated Swift file is wrapped in `#if canImport(BackgroundTasks) && canImport(UIKit)`.
    public let guardsPlatform: Bool
    /// The rehearsal tests are generated (`--tests`): every kind of task has rehearsals.
    public let tests: Bool
    /// The question whether to write them was answered no: recorded, so it is not asked again.
    public let testsDeclined: Bool
    /// Things the user should know about how their answers were interpreted.
    public let notes: [String]

    /// Fills what `answers` leaves out from `defaults`, then applies the rules that tie answers together. Every
    /// conflict is found before any is reported, so one run names them all (`ConfigurationError.conflicts`).
    public init(answers: Answers, defaults: Answers = .defaults) throws(ConfigurationError) {
        var notes: [String] = []
        var conflicts: [ConfigurationError] = []
        let interval = AnswerSpecs.interval.resolved(answers, defaults: defaults, tasks: TaskKind.allCases)
        var tasks = AnswerSpecs.tasks.resolved(answers, defaults: defaults, tasks: TaskKind.allCases)
        if interval == .onPush {
            do {
                (tasks, notes) = try Self.onPush(tasks, refreshMayBeDropped: answers.tasks == nil)
            } catch {
                conflicts.append(error)
            }
        }
        for spec in AnswerSpecs.all {
            if let task = spec.onlyWith, !tasks.contains(task), spec.isGivenMeaningfully(in: answers) {
                conflicts.append(.optionWithoutTask(flag: spec.flag, task: task))
            }
        }
        if tasks.contains(.processing), let seconds = interval.seconds, seconds < Interval.minimumProcessingSeconds {
            notes.append("processing runs at most hourly, so its interval was raised from \(interval) to 1h.")
        }
        self.tasks = tasks
        self.interval = interval
        // An answer about a task it leaves out is that answer's default (`AnswerSpec.onlyWith`).
        var resolved = AnswerSpecs.all.reduce(into: Answers()) { $1.resolving(answers, defaults: defaults, tasks: tasks, into: &$0) }
        let style = Self.value(AnswerSpecs.style, in: resolved)
        let deploymentTarget = Self.value(AnswerSpecs.ios, in: resolved)
        self.nightlyAt = Self.value(AnswerSpecs.at, in: resolved).time
        do {
            self.typePrefix = try Self.validatedTypePrefix(Self.value(AnswerSpecs.prefix, in: resolved))
        } catch {
            conflicts.append(error)
            self.typePrefix = ""
        }
        if answers[AnswerSpecs.objc] == true && style == .swiftUI { conflicts.append(.objectiveCWithSwiftUI) }
        self.objectiveC = style == .appDelegate && Self.value(AnswerSpecs.objc, in: resolved)
        self.guardsPlatform = answers.guardsPlatform ?? defaults.guardsPlatform ?? false
        self.testsDeclined = (answers[AnswerSpecs.tests] ?? defaults[AnswerSpecs.tests]) == false
        self.tests = Self.value(AnswerSpecs.tests, in: resolved)
        (resolved.tasks, resolved[AnswerSpecs.prefix], resolved[AnswerSpecs.objc]) = (tasks, typePrefix, objectiveC)
        self.resolved = resolved
        if style == .swiftUI && deploymentTarget < DeploymentTarget(major: 14, minor: 0) {
            conflicts.append(.swiftUIRequiresIOS14(deploymentTarget.description))
        }
        // Below iOS 13 the printed app-delegate calls are guarded with `#available`; the Objective-C bridge and the
        // silent-push delegate method (async, or a handler to call on every path) have no guarded form yet.
        if deploymentTarget < .backgroundTasks {
            if objectiveC { conflicts.append(.needsIOS13(feature: "an Objective-C app delegate", version: deploymentTarget.description)) }
            if tasks.contains(.silentPush) { conflicts.append(.needsIOS13(feature: "silent-push", version: deploymentTarget.description)) }
        }
        if let conflict = ConfigurationError(all: conflicts) { throw conflict }
        self.notes = notes
    }

    /// The answer `spec` declares, as the configuration resolved it: `configuration[AnswerSpecs.gpu]`.
    public subscript<Value>(_ spec: AnswerSpec<Value>) -> Value { Self.value(spec, in: resolved) }

    /// Every declared answer is resolved, so the declared default is only what the types ask for.
    private static func value<Value>(_ spec: AnswerSpec<Value>, in resolved: Answers) -> Value {
        resolved[spec] ?? spec.defaultValue
    }

    public func includes(_ kind: TaskKind) -> Bool { tasks.contains(kind) }

    /// The on-push rule, the one place it is written: on-push work has no periodic refresh and is started by a
    /// silent push. Refresh is dropped only from tasks the user did not choose outright (defaults, a recorded
    /// file, or tasks picked before the interval was asked); chosen with on-push, it is an error.
    public static func onPush(_ tasks: [TaskKind], refreshMayBeDropped: Bool) throws(ConfigurationError) -> (tasks: [TaskKind], notes: [String]) {
        var tasks = tasks
        var notes: [String] = []
        if tasks.contains(.refresh) {
            guard refreshMayBeDropped else { throw .refreshWithOnPush }
            tasks.removeAll { $0 == .refresh }
            notes.append("on-push replaces the periodic refresh with silent push.")
        }
        if !tasks.contains(.silentPush) {
            tasks = (tasks + [.silentPush]).sorted()
            notes.append("on-push is triggered by silent push, so silent-push was added to the tasks.")
        }
        return (tasks, notes)
    }

    /// SwiftUI registers the refresh handler through `.backgroundTask(.appRefresh(_:))` (iOS 16), so bggen's
    /// manager must not register it too.
    public var refreshRegisteredBySwiftUI: Bool {
        style == .swiftUI && includes(.refresh) && deploymentTarget >= DeploymentTarget(major: 16, minor: 0)
    }

    /// Seconds before the next refresh may start; nil when there is no periodic refresh.
    public var refreshSeconds: Int? { includes(.refresh) ? interval.seconds : nil }

    /// Seconds before the next processing run may start, never under an hour; nil when push-driven or when a
    /// nightly time decides instead.
    public var processingSeconds: Int? {
        guard includes(.processing), nightlyAt == nil, let seconds = interval.seconds else { return nil }
        return max(seconds, Interval.minimumProcessingSeconds)
    }

    /// The answers that reproduce this configuration exactly, each as its declaration replays it
    /// (`AnswerSpec.replay`), for a run that changes one answer and configures again.
    public var answers: Answers {
        var answers = AnswerSpecs.all.reduce(into: Answers()) { $1.replaying(self, into: &$0) }
        answers.guardsPlatform = guardsPlatform ? true : nil
        return answers
    }

    /// A prefix must start a Swift type name the way Apple's style does: an uppercase ASCII letter, then letters or
    /// digits. Empty means no prefix.
    public static func validatedTypePrefix(_ text: String) throws(ConfigurationError) -> String {
        guard !text.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        let isLetterOrDigit = { (scalar: Unicode.Scalar) in scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) }
        guard scalars.count <= 16, ("A"..."Z").contains(scalars[0]), scalars.allSatisfy(isLetterOrDigit) else {
            throw .invalidTypePrefix(text)
        }
        return text
    }
}
