import BggenFormats
import BggenModel

/// The values templates see, computed once from a validated configuration.
struct RenderContext {
    let values: [String: TemplateValue]

    init(_ configuration: Configuration) {
        let identifiers = Identifiers(configuration)
        let modes = backgroundModes(for: configuration)
        let schedulesOnBackground = configuration.includes(.refresh) || configuration.processingSeconds != nil || configuration.nightlyAt != nil
        let processingOnPush = configuration.includes(.processing) && configuration.processingSeconds == nil && configuration.nightlyAt == nil
        let submitsOnlyWithTaskRequest = configuration.deploymentTarget >= DeploymentTarget(major: 27, minor: 0)
        var values: [String: TemplateValue] = [
            "bundleIdentifier": .string(configuration.bundleIdentifier.description),
            "needsContinuedAvailability": .bool(configuration.deploymentTarget < DeploymentTarget(major: 26, minor: 0)),
            "continuedStrategy": .string(configuration.strategy.rawValue),
            "swiftUI": .bool(configuration.style == .swiftUI),
            "swiftUIRefresh": .bool(configuration.refreshRegisteredBySwiftUI),
            "needsAdaptor": .bool([.downloads, .uploads, .silentPush].contains(where: configuration.includes)),
            "onChangeTwoValues": .bool(configuration.deploymentTarget >= DeploymentTarget(major: 17, minor: 0)),
            "transfers": .bool(configuration.includes(.downloads) || configuration.includes(.uploads)),
            "hasTaskManager": .bool(configuration.includes(.refresh) || configuration.includes(.processing)),
            // What only a device shows: transfers that go on in the background, and silent pushes, which swiping
            // the app away stops until the next launch.
            "transfersOrPush": .bool([.downloads, .uploads, .silentPush].contains(where: configuration.includes)),
            // The device step beyond LLDB's task launches: those, and continued-processing jobs, which a Live
            // Activity shows and LLDB expires by the identifier their start returned.
            "deviceStepBeyondTasks": .bool([.downloads, .uploads, .silentPush, .continuedProcessing].contains(where: configuration.includes)),
            // The rehearsals that expire a task: of the kinds BGTaskScheduler runs, which iOS can expire.
            "rehearsesExpiry": .bool(TaskSpec.all.contains { $0.isScheduledTask && configuration.includes($0.kind) }),
            // Rehearsals that find only once they run that they had nothing to rehearse: pushes that reached no
            // work, a job that gave no moment to expire it.
            "skipsAtRunTime": .bool(configuration.includes(.silentPush) || configuration.includes(.continuedProcessing)),
            "processingScheduled": .bool(configuration.processingSeconds != nil || configuration.nightlyAt != nil),
            "schedulesOnBackground": .bool(schedulesOnBackground),
            // Processing only a push schedules: an unfinished run asks for the next itself, with a back-off.
            "processingOnPush": .bool(processingOnPush),
            "hasProcessingInterval": .bool(configuration.processingSeconds != nil),
            "nightly": .bool(configuration.nightlyAt != nil),
            // What the manager keeps in its schedule file: due dates, a back-off (`TaskSchedule`).
            "keepsSchedule": .bool(schedulesOnBackground || processingOnPush),
            // What the rehearsals keep in a folder of their own: due dates, a checkpoint, a back-off.
            "rehearsalState": .bool(schedulesOnBackground || configuration.checkpoint || processingOnPush),
            "networkValue": .string(String(configuration.requiresNetwork)),
            "powerValue": .string(String(configuration.requiresPower)),
            // An app deploying below iOS 13 gets every generated type marked available from 13, and the printed
            // call sites inside `if #available(iOS 13.0, *)` (indented one level more).
            "availability": .string(configuration.deploymentTarget < .backgroundTasks ? "@available(iOS 13.0, *) " : ""),
            "guardsIOS13": .bool(configuration.deploymentTarget < .backgroundTasks),
            "guardsIOS13Launch": .bool(configuration.deploymentTarget < .backgroundTasks
                && TaskSpec.all.contains { $0.registersAtLaunch && configuration.includes($0.kind) }),
            "iOS13Indent": .string(configuration.deploymentTarget < .backgroundTasks ? "    " : ""),
            "iOS13Condition": .string(configuration.deploymentTarget < .backgroundTasks ? "#available(iOS 13.0, *), " : ""),
            "deploymentTarget": .string(configuration.deploymentTarget.description),
            // Xcode 26, which App Store uploads need, supports deployment targets from iOS 15 (Apple's Xcode system
            // requirements); Xcode 27 refuses lower ones.
            "belowXcodeFloor": .bool(configuration.deploymentTarget < DeploymentTarget(major: 15, minor: 0)),
            "hasLogger": .bool(configuration.deploymentTarget >= DeploymentTarget(major: 14, minor: 0)),
            // iOS 27 deprecates `submit(_:)`; its replacement exists from 27 only. Below 27 the SDK the app is built
            // with decides (`iOS27SDKCondition`): the iOS 27 SDK submits with the replacement on iOS 27 and later,
            // an earlier SDK, which lacks it, with `submit(_:)` everywhere.
            "submitTaskRequest": .bool(submitsOnlyWithTaskRequest),
            "sdkChoosesSubmission": .bool(!submitsOnlyWithTaskRequest),
            "iOS27SDKCondition": .string(IOS27SDK.condition),
            "permittedIdentifiers": .list(identifiers.permittedTaskIdentifiers.map(TemplateValue.string)),
            // Only tasks scheduled under their own identifier can be launched from LLDB; continued-processing jobs
            // start from the app.
            "taskIdentifiers": .list(identifiers.chosen.filter { $0.declared.permission == .exact }.map { .string($0.value) }),
            "backgroundModes": .list(modes.map(TemplateValue.string)),
            "backgroundModeNames": .list(modes.map { .string(Self.capabilityNames[$0] ?? $0) }),
            "infoFragmentPath": .string(OutputRenderer.infoFragmentPath),
            "entitlementsFragmentPath": .string(OutputRenderer.entitlementsFragmentPath),
            "userWorkFiles": .string(Self.userWorkFiles(configuration)),
            "rehearsedFiles": .string(Self.rehearsedFiles(configuration)),
        ]
        // `gpu`, `checkpoint`, `objc`, …: every true-or-false answer under its declaration's name, so a new one needs
        // nothing here.
        for spec in AnswerSpecs.all {
            if let on = spec.isOn(in: configuration) { values[spec.name] = .bool(on) }
        }
        // `refresh`, `processing`, `silentPush`, …: whether each kind is generated.
        for spec in TaskSpec.all {
            values[spec.templateFlag] = .bool(configuration.includes(spec.kind))
        }
        // `refreshIdentifier`, `continuedPrefix`, …: each chosen kind's identifier, named as its spec declares.
        for spec in TaskSpec.all where configuration.includes(spec.kind) {
            for variable in spec.identifierVariables(under: configuration.bundleIdentifier.description) {
                values[variable.name] = .string(variable.value)
            }
        }
        if let seconds = configuration.refreshSeconds {
            values["refreshIntervalSeconds"] = .string(Self.swiftSeconds(seconds))
            values["refreshIntervalText"] = .string(Interval.humanDuration(seconds: seconds))
        }
        if let time = configuration.nightlyAt {
            values["nightlyTime"] = .string(time.description)
            values["nightlyHour"] = .string(String(time.hour))
            values["nightlyMinute"] = .string(String(time.minute))
        }
        if let seconds = configuration.processingSeconds {
            values["processingIntervalSeconds"] = .string(Self.swiftSeconds(seconds))
            values["processingIntervalText"] = .string(Interval.humanDuration(seconds: seconds))
        }
        self.values = values
    }

    /// How Xcode's Background Modes capability labels each `UIBackgroundModes` value.
    private static let capabilityNames = [
        "fetch": "Background fetch", "processing": "Background processing", "remote-notification": "Remote notifications",
    ]

    /// Seconds as a readable Swift expression: `4 * 60 * 60` rather than `14400`.
    static func swiftSeconds(_ seconds: Int) -> String {
        if seconds % 3600 == 0 { return "\(seconds / 3600) * 60 * 60" }
        if seconds % 60 == 0 { return "\(seconds / 60) * 60" }
        return "\(seconds)"
    }

    private static func userWorkFiles(_ configuration: Configuration) -> String {
        [TaskKind.refresh, .processing].filter(configuration.includes).compactMap { TaskSpec.of($0).workFile.map { "`\($0)`" } }
            .joined(separator: " and ")
    }

    /// The order the rehearsal tests' comment names the kinds' user files in: the work files, then the push work and
    /// the transfer handlers. Every kind is here (`TaskSpecTests`), so the comment names every file it rehearses.
    static let rehearsalOrder: [TaskKind] = [.refresh, .processing, .silentPush, .downloads, .uploads, .continuedProcessing]

    /// The user files whose work or handlers the rehearsal tests (`--tests`) run, as the lines of a top-level doc
    /// comment: all six names are wider than the 120 columns of the generated code's comments, so a line holds at
    /// most 115 characters, leaving room for its `/// ` and the full stop after the list.
    private static func rehearsedFiles(_ configuration: Configuration) -> String {
        let names = rehearsalOrder.filter(configuration.includes).compactMap { TaskSpec.of($0).workFile.map { "`\($0)`" } }
        let items = names.enumerated().map { index, name in
            index == names.count - 1 ? name : name + (index == names.count - 2 ? " and" : ",")
        }
        return LineFill.lines(items, width: 115).joined(separator: "\n/// ")
    }
}
