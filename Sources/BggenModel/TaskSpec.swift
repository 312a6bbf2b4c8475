/// One task kind, declared once: what it is called, the identifier it registers (with the key `init --json` reports
/// it under, the template variable that holds it and how the text report names it), the Info.plist entries and
/// entitlements `init` writes for it, the mode `doctor` requires for its requests, and the templates it writes. The
/// identifiers (`Identifiers`, the report's `identifiers` object and its text summary, the templates' identifier
/// variables, the registrations `init` looks for in an existing app), the background modes, the entitlements, the
/// files the renderer writes, the rows of docs/generated-code.md's "What it writes" table, the compile checks' flags
/// and the symbols that mean an app's code covers it all come from here, so a new kind is one case of `TaskKind` and
/// one arm of `of(_:)`, whose switch the compiler makes every new kind fill in (with a `File` for each new file of
/// bggen's).
public struct TaskSpec: Sendable {
    /// How the kind's identifier is listed in `BGTaskSchedulerPermittedIdentifiers`.
    public enum Permission: Sendable, Equatable {
        /// Not at all: a background session's identifier is no task identifier.
        case none
        /// As it is.
        case exact
        /// As `<identifier>.*`: each job gets its own identifier under it. The templates see the permitted form as
        /// `variable` (`{{continuedWildcard}}`).
        case wildcard(variable: String)
    }

    /// The identifier a kind registers under the app's bundle identifier, and what names it.
    public struct Identifier: Sendable {
        /// Put after the bundle identifier to make it: `refresh` makes `com.example.app.refresh`.
        public let suffix: String
        public let permission: Permission
        /// Its key in `init --json`'s `identifiers` object; nil when the report leaves it out (continued
        /// processing's is a prefix the report's first schema has no key for).
        public let reportKey: String?
        /// The template variable that holds it (`{{refreshIdentifier}}`); a wildcard kind's holds the prefix.
        public let variable: String
        /// What the text report says it identifies: `BGAppRefreshTask`, `background URLSession, downloads`.
        public let role: String
    }

    /// A template the kind writes, named as its file is.
    public struct File: Sendable, Equatable {
        public let name: String
        /// The user's work, written once and never overwritten ("This file is yours").
        public let isUsers: Bool
        /// What the file holds, as docs/generated-code.md's "What it writes" table says it.
        public let purpose: String

        static func tool(_ name: String, _ purpose: String) -> File { File(name: name, isUsers: false, purpose: purpose) }
        static func users(_ name: String) -> File { File(name: name, isUsers: true, purpose: "your work, written once and never overwritten") }

        // bggen's files, each declared once whichever kinds write it.
        static let taskRun = tool("BackgroundTaskRun.swift", "exactly-once completion of a task, and the `BackgroundWork` seam")
        static let taskManager = tool("BackgroundTaskManager.swift",
                                      "registration and scheduling; checkpointing with `--checkpoint`; a debug-only pending-request logger")
        static let downloadManager = tool("BackgroundDownloadManager.swift", "the one background session and its delegate")
        static let uploadManager = tool("BackgroundUploadManager.swift", "a second session, for uploads from files only")
        static let silentPushHandler = tool("SilentPushHandler.swift", "`content-available` check and the fetch result")
        static let continuedProcessingManager = tool("ContinuedProcessingManager.swift", "per-job identifiers, progress, strategy, GPU (iOS 26)")
    }

    /// The task class the system hands the kind's handler (`BGAppRefreshTask`) and its request class (the same name
    /// with `Request`), with what both are called in the "existing background code" list: an app's code naming either
    /// covers the kind. `CodeSymbol.table`'s rows for them come from here.
    package struct TaskClass: Sendable {
        package let name: String
        /// `app refresh` gives "app refresh task" and "app refresh request".
        package let label: String
    }

    /// A symbol besides the task and request classes whose use means an app's code covers the kind (a background
    /// session's configuration, the silent-push delegate method), with what the "existing background code" list
    /// calls it. `CodeSymbol.table`'s rows for them come from here.
    package struct Symbol: Sendable {
        package let name: String
        package let label: String
    }

    public let kind: TaskKind
    /// One line for `--help` and for the interactive question, so both describe a task the same way.
    public let summary: String
    /// Its identifier; nil for a kind with none (silent push).
    public let identifier: Identifier?
    /// The `UIBackgroundModes` `init` writes for it.
    public let modes: [String]
    /// The entitlements `init` writes for it (to the fragment, and to an existing app's entitlements file).
    public let entitlements: [Entitlement]
    /// The mode iOS requires before it accepts one of its requests, which `doctor` checks; nil when none.
    public let requestMode: String?
    /// The templates it writes, in the order they are rendered; one several kinds share is written once.
    public let files: [File]
    /// Nil for a kind no task class runs (background transfers, silent push).
    package var taskClass: TaskClass? = nil
    package var symbols: [Symbol] = []
    /// The manager's function that submits the kind's request when the app enters the background
    /// (`scheduleAppRefresh`); nil for a kind the system or the user starts. A registration alone submits nothing: the
    /// next steps show the call, and doctor says (GEN003) while no file of the app makes it.
    package var scheduleFunction: String? = nil

    /// The kind's identifier under the app's bundle identifier, such as `com.example.app.refresh`.
    public func identifier(under prefix: String) -> String? {
        identifier.map { "\(prefix).\($0.suffix)" }
    }

    /// How `BGTaskSchedulerPermittedIdentifiers` lists it; nil when it does not.
    public func permittedIdentifier(under prefix: String) -> String? {
        guard let identifier = identifier(under: prefix), let permission = self.identifier?.permission else { return nil }
        switch permission {
        case .none: return nil
        case .exact: return identifier
        case .wildcard: return "\(identifier).*"
        }
    }

    /// The template variables its identifier gives, with their values: `refreshIdentifier`, or a wildcard kind's
    /// prefix and its permitted form; empty for a kind with no identifier.
    public func identifierVariables(under prefix: String) -> [(name: String, value: String)] {
        guard let identifier, let value = self.identifier(under: prefix) else { return [] }
        switch identifier.permission {
        case .none, .exact: return [(identifier.variable, value)]
        case .wildcard(let wildcard): return [(identifier.variable, value), (wildcard, "\(value).*")]
        }
    }

    /// BGTaskScheduler runs it: its identifier is a permitted task identifier (a background session's or a push's
    /// is not).
    package var isScheduledTask: Bool {
        guard let identifier else { return false }
        switch identifier.permission {
        case .none: return false
        case .exact, .wildcard: return true
        }
    }

    /// Its identifier is registered when the app launches: a task's handler or a background session's (a
    /// wildcard's jobs register their own as they start; a push has none).
    package var registersAtLaunch: Bool {
        guard let identifier else { return false }
        switch identifier.permission {
        case .none, .exact: return true
        case .wildcard: return false
        }
    }

    /// The `-D` flag the compile checks define when the kind is generated: `BGGEN_SILENT_PUSH`.
    package var compileFlag: String {
        "BGGEN_" + String(kind.rawValue.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    /// The true-or-false value the templates test for the kind: `silentPush`, `continuedProcessing`.
    package var templateFlag: String {
        let words = kind.rawValue.split(separator: "-").map(String.init)
        return words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }

    /// Its request class, for messages: `BGAppRefreshTaskRequest`; nil for a kind no task class runs.
    package var requestClass: String? { taskClass.map { $0.name + "Request" } }

    /// The file the user's work for the kind goes in (`AppRefreshWork.swift`).
    public var workFile: String? { files.first(where: \.isUsers)?.name }

    /// The symbols that mean an app's code already covers the kind, from the one symbol table (`CodeSymbol`).
    package var coveringSymbols: [String] {
        CodeSymbol.table.filter { $0.value.covers.contains(kind) }.map(\.key).sorted()
    }

    /// Every kind, in `TaskKind`'s order.
    public static let all = TaskKind.allCases.map(of)

    /// The declaration of `kind`.
    public static func of(_ kind: TaskKind) -> TaskSpec {
        switch kind {
        case .refresh:
            TaskSpec(kind: kind, summary: "app refresh: lightweight periodic updates such as feeds, weather or content",
                     identifier: Identifier(suffix: "refresh", permission: .exact, reportKey: "appRefresh", variable: "refreshIdentifier",
                                            role: "BGAppRefreshTask"),
                     modes: ["fetch"], entitlements: [], requestMode: "fetch",
                     files: [.taskRun, .taskManager, .users("AppRefreshWork.swift")],
                     taskClass: TaskClass(name: "BGAppRefreshTask", label: "app refresh"), scheduleFunction: "scheduleAppRefresh")
        case .processing:
            TaskSpec(kind: kind, summary: "data processing: long-running maintenance such as database cleanup, ML model updates or large syncs",
                     identifier: Identifier(suffix: "processing", permission: .exact, reportKey: "processing", variable: "processingIdentifier",
                                            role: "BGProcessingTask"),
                     modes: ["processing"], entitlements: [], requestMode: "processing",
                     files: [.taskRun, .taskManager, .users("ProcessingWork.swift")],
                     taskClass: TaskClass(name: "BGProcessingTask", label: "processing"), scheduleFunction: "scheduleProcessingTask")
        case .downloads:
            TaskSpec(kind: kind, summary: "background downloads: files and assets that survive app termination",
                     identifier: Identifier(suffix: "background-downloads", permission: .none, reportKey: "downloadSession",
                                            variable: "downloadSessionIdentifier", role: "background URLSession, downloads"),
                     modes: [], entitlements: [], requestMode: nil,
                     files: [.downloadManager, .users("DownloadHandling.swift")],
                     // A background session covers what its file does with it: downloads, uploads or both.
                     symbols: ["backgroundSessionConfiguration", "backgroundSessionConfigurationWithIdentifier", "background(withIdentifier:)"]
                         .map { Symbol(name: $0, label: "background session") }
                         + [Symbol(name: "handleEventsForBackgroundURLSession", label: "background session events")])
        case .uploads:
            TaskSpec(kind: kind, summary: "background uploads: files sent to a server even after the app is suspended",
                     identifier: Identifier(suffix: "background-uploads", permission: .none, reportKey: "uploadSession",
                                            variable: "uploadSessionIdentifier", role: "background URLSession, uploads"),
                     modes: [], entitlements: [], requestMode: nil,
                     files: [.uploadManager, .users("UploadHandling.swift")])
        case .silentPush:
            TaskSpec(kind: kind, summary: "silent push: server-triggered content updates",
                     identifier: nil, modes: ["remote-notification"], entitlements: [.apsEnvironment], requestMode: nil,
                     files: [.silentPushHandler, .users("SilentPushWork.swift")],
                     symbols: [Symbol(name: "didReceiveRemoteNotification", label: "silent push handler")])
        case .continuedProcessing:
            // `init` writes the processing mode for it as for processing; its requests are accepted without it.
            TaskSpec(kind: kind, summary: "continued processing (iOS 26): work the user starts, such as an export, that keeps going after they leave the app",
                     identifier: Identifier(suffix: "export", permission: .wildcard(variable: "continuedWildcard"), reportKey: nil,
                                            variable: "continuedPrefix", role: "BGContinuedProcessingTask"),
                     modes: ["processing"], entitlements: [], requestMode: nil,
                     files: [.taskRun, .continuedProcessingManager, .users("ExportJob.swift")],
                     taskClass: TaskClass(name: "BGContinuedProcessingTask", label: "continued-processing"))
        }
    }

    /// The `UIBackgroundModes` the chosen kinds need, each once, in a fixed order (background transfers need none).
    public static func modes(for kinds: [TaskKind]) -> [String] {
        Set(kinds.flatMap { of($0).modes }).sorted()
    }
}
