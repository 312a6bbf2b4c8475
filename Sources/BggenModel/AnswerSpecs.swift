/// Every answer `bggen init` takes, each declared once. To add one: declare it here, list it in `all`, and use it in
/// the templates, where a true-or-false answer is a flag under its name (`{{#if gpu}}`); `Answers` keeps it under its
/// declaration (`answers[AnswerSpecs.gpu]`) and `Configuration` resolves it (`configuration[AnswerSpecs.gpu]`), so
/// neither needs a field. Flags, help, the man page, completions, `.bggen.json`, `--yes`, the scenarios,
/// `Configuration`'s value and its `answers`, and the question (where in `all` it is asked, and with which tasks)
/// follow from the declaration. An answer that takes a value reaches the templates through `RenderContext`.
public enum AnswerSpecs {
    public static let tasks: AnswerSpec<[TaskKind]> = {
        let fallback: [TaskKind] = [.refresh, .processing]
        let names = TaskKind.allCases.map(\.rawValue)
        return .value("tasks", placeholder: "LIST", choices: .commaList(names), example: "refresh,processing",
                      default: fallback, assumedByYes: true,
                      question: .several("What background work do you need?", TaskKind.allCases.map { ($0.summary, $0) }, echo: { $0.rawValue }),
                      parse: TaskKind.parseList, record: { .list($0.tasks.map(\.rawValue)) }, replay: { $0.tasks },
                      "comma-separated: \(names.joined(separator: ", ")) (default: \(fallback.map(\.rawValue).joined(separator: ",")))")
    }()

    public static let interval: AnswerSpec<Interval> = {
        let fallback = Interval.fewHours
        return .value("interval", placeholder: "VALUE", choices: .words(Interval.keywords), example: "\(fallback)",
                      default: fallback, assumedByYes: true,
                      question: .one("How often should it run?",
                                     [("hourly (the system decides the exact time)", .hourly),
                                      ("every few hours (recommended for most apps)", .fewHours),
                                      ("daily", .daily),
                                      ("on content change, via silent push", .onPush)],
                                     unlisted: { "every \($0) (your last answer)" }, echo: { $0.description }),
                      // Only refresh and processing run periodically; on-push is offered as long as silent push can be added.
                      askedWith: [.refresh, .processing],
                      settle: { answers, given in
                          guard answers[AnswerSpecs.interval] == .onPush, let tasks = answers.tasks,
                                let (adjusted, notes) = try? Configuration.onPush(tasks, refreshMayBeDropped: given.tasks == nil) else { return [] }
                          answers.tasks = adjusted
                          return notes
                      },
                      parse: Interval.parse, record: { .text($0.interval.description) }, replay: { $0.interval },
                      "hourly, few-hours (default), daily, on-push, 6h …",
                      "How often periodic work may run:",
                      "hourly\t1 hour",
                      "few-hours\t4 hours",
                      "daily\t24 hours",
                      "on-push\tno periodic refresh; silent push triggers the work (adds silent-push; replaces the default refresh)",
                      "30m, 6h, 1d\tany duration; the refresh minimum is 15 minutes",
                      "Processing uses the same interval, raised to 1 hour if shorter. iOS treats every interval as \"not before\", never as a timetable.")
    }()

    public static let network = AnswerSpec<Bool>.toggle(
        "network", assumedByYes: true, onlyWith: .processing, question: "Does the processing task need network access?",
        record: { .flag($0.requiresNetwork) }, replay: { $0.requiresNetwork }, "processing needs network connectivity (default: no)")

    public static let power = AnswerSpec<Bool>.toggle(
        "power", assumedByYes: true, onlyWith: .processing, question: "Should it run only on external power?",
        record: { .flag($0.requiresPower) }, replay: { $0.requiresPower }, "processing needs external power (default: no)")

    public static let checkpoint = AnswerSpec<Bool>.toggle(
        "checkpoint", onlyWith: .processing,
        question: "Should long processing save its progress and resume from it next time?",
        record: { $0.checkpoint ? .flag(true) : nil }, reported: { .flag($0.checkpoint) }, replay: { $0.checkpoint },
        "processing saves a cursor and resumes from it",
        "The work saves a cursor after each item, and the next run resumes from it.")

    public static let at = AnswerSpec<NightlyStart>.value(
        "at", placeholder: "HH:MM", example: "02:30", default: NightlyStart.anyTime, onlyWith: .processing,
        question: .text("Start processing at a fixed local time each night (HH:MM, or none)"), parse: NightlyStart.init,
        isMeaningful: { $0.time != nil }, record: { $0.nightlyAt.map { .text($0.description) } },
        replay: { $0.nightlyAt.map(NightlyStart.at) ?? .anyTime },
        "earliest local time processing starts each night",
        "Pair it with --power for overnight work. It replaces the processing interval; --at none removes a recorded time.")

    public static let strategy: AnswerSpec<ContinuedStrategy> = {
        let fallback = ContinuedStrategy.queue
        return .value("strategy", placeholder: "queue|fail", choices: .words(ContinuedStrategy.allCases.map(\.rawValue)),
                      example: fallback.rawValue, default: fallback, onlyWith: .continuedProcessing,
                      question: .one("If a job cannot start right away, should it…",
                                     [("queue: wait until the system can run it", .queue), ("fail: refuse at once, so the app can tell the user", .fail)],
                                     echo: { $0.rawValue }),
                      parse: ContinuedStrategy.parse,
                      record: { $0.includes(.continuedProcessing) ? .text($0.strategy.rawValue) : nil },
                      replay: { $0.includes(.continuedProcessing) ? $0.strategy : nil },
                      "when a job cannot start: queue (default) or fail",
                      "For continued processing: queue waits until the system can run the job; fail refuses it at once, so the app can tell the user.")
    }()

    public static let gpu = AnswerSpec<Bool>.toggle(
        "gpu", onlyWith: .continuedProcessing, question: "Should jobs use the GPU where the device allows it?",
        record: { $0.gpu ? .flag(true) : nil }, reported: { .flag($0.gpu) },
        replay: { $0.includes(.continuedProcessing) ? $0.gpu : nil },
        "continued processing may use the GPU (default: no)",
        "Jobs ask for the GPU where the device supports it. It needs the Background GPU Access capability, written to the entitlements fragment; refused, a job goes on without it.")

    public static let style = AnswerSpec<AppStyle>.value(
        "style", placeholder: "STYLE", choices: .words(AppStyle.allCases.map(\.rawValue)), example: "app-delegate",
        default: AppStyle.appDelegate,
        question: .one("How does your app start?", [("a UIKit app delegate", .appDelegate), ("a SwiftUI App", .swiftUI)], echo: { $0.rawValue }),
        parse: AppStyle.parse, record: { .text($0.style.rawValue) }, replay: { $0.style },
        "app-delegate or swiftui: where registration goes",
        "app-delegate (the default) schedules from a scene delegate; with swiftui on iOS 16+, SwiftUI's .backgroundTask registers the refresh.")

    public static let bundleID: AnswerSpec<BundleIdentifier> = {
        let fallback = BundleIdentifier.example
        return .value("bundle-id", file: "bundleId", placeholder: "ID", example: "\(fallback)", default: fallback,
                      assumedByYes: true, question: .text("Bundle identifier prefix"), parse: BundleIdentifier.init,
                      record: { .text($0.bundleIdentifier.description) }, replay: { $0.bundleIdentifier },
                      "identifier prefix (default: the app's, else \(fallback))",
                      "The reverse-DNS prefix of every task identifier: read from the app's project, else \(fallback). One unlike the project's is refused under --yes and said first on a terminal.")
    }()

    public static let ios: AnswerSpec<DeploymentTarget> = {
        let fallback = DeploymentTarget.standard
        return .value("ios", placeholder: "VERSION", example: "\(fallback)", default: fallback, assumedByYes: true,
                      question: .text("Lowest iOS version the app runs on (deployment target)"), parse: DeploymentTarget.init,
                      record: { .text($0.deploymentTarget.description) }, replay: { $0.deploymentTarget },
                      "deployment target, \(DeploymentTarget.minimum) to \(DeploymentTarget.newestMajor).x (default: the app's, else \(fallback))",
                      "Read from the app's project, else \(fallback). One unlike the project's is refused under --yes and said first on a terminal.",
                      "Below 13.0 the code is guarded with @available; from 27.0 requests are submitted with submitTaskRequest, as the iOS 27 SDK asks.")
    }()

    public static let prefix = AnswerSpec<String>.value(
        "prefix", placeholder: "NAME", example: "Acme", default: "",
        parse: { text throws(ConfigurationError) in
            guard !text.isEmpty else { throw .invalidTypePrefix(text) }
            return try Configuration.validatedTypePrefix(text)
        },
        record: { $0.typePrefix.isEmpty ? nil : .text($0.typePrefix) }, replay: { $0.typePrefix.isEmpty ? nil : $0.typePrefix },
        "put NAME before every generated type and file name",
        "BackgroundTaskManager becomes NAMEBackgroundTaskManager. NAME is an uppercase letter, then letters or digits. Chosen as Bggen when the app already declares one of bggen's names, and recorded in .bggen.json.")

    public static let objc = AnswerSpec<Bool>.toggle(
        "objc", negatable: false, record: { $0.objectiveC ? .flag(true) : nil }, reported: { _ in nil },
        replay: { $0.objectiveC ? true : nil },
        "the app delegate is Objective-C",
        "bggen then writes an @objc entry point the delegate calls (BackgroundTasksObjC.swift).")

    /// False is an answer too (`--no-tests`, or no to the question): recorded, so the question is not asked again.
    public static let tests = AnswerSpec<Bool>.toggle(
        "tests", record: { $0.tests ? .flag(true) : $0.testsDeclined ? .flag(false) : nil }, reported: { .flag($0.tests) },
        replay: { $0.tests ? true : $0.testsDeclined ? false : nil },
        "also write rehearsal tests of the background work",
        "They go into the app's unit-test target (XCTest, or Swift Testing where its files import Testing; asked on a terminal when there is one): your work runs through the generated code with a fake task and scheduler, succeeding, throwing and expired; a failure says what iOS would do on a device. Run them with xcodebuild test or swift test. --no-tests writes none and is never asked.")

    /// Every answer, in the order `--help` lists them, `.bggen.json` errors are found and a terminal asks them.
    public static let all: [AnyAnswerSpec] = [
        AnyAnswerSpec(tasks), AnyAnswerSpec(interval), AnyAnswerSpec(network), AnyAnswerSpec(power), AnyAnswerSpec(checkpoint),
        AnyAnswerSpec(at), AnyAnswerSpec(strategy), AnyAnswerSpec(gpu), AnyAnswerSpec(style), AnyAnswerSpec(bundleID),
        AnyAnswerSpec(ios), AnyAnswerSpec(prefix), AnyAnswerSpec(objc), AnyAnswerSpec(tests),
    ]

    public static func named(_ name: String) -> AnyAnswerSpec? { all.first { $0.name == name } }

    /// Answers from flags as a test scenario writes them (`--tasks refresh --no-network`): every flag is an
    /// answer, given once, in its `--name value` form.
    public static func answers(fromFlags flags: [String]) throws(ConfigurationError) -> Answers {
        var answers = Answers()
        var remaining = flags[...]
        while let flag = remaining.popFirst() {
            let name = flag.hasPrefix("--no-") ? String(flag.dropFirst(5)) : String(flag.dropFirst(2))
            guard flag.hasPrefix("--"), let spec = named(name) else { throw .notAValue(flag: flag) }
            if spec.isToggle {
                spec.set(!flag.hasPrefix("--no-"), in: &answers)
            } else {
                try spec.set(remaining.popFirst() ?? "", in: &answers)
            }
        }
        return answers
    }
}
