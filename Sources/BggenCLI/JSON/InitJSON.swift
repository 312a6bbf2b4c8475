import BggenCore
import BggenFormats
import BggenModel

/// The `init --json` document. Field names are part of bggen's interface for scripts (docs/json-and-sarif.md).
struct JSONReport: DocumentedJSON {
    /// Raised when a field changes meaning or goes away.
    static let schemaVersion = 1

    /// The `answers` object: each answer as its declaration reports it, under its `.bggen.json` key.
    static func answers(_ configuration: Configuration) -> [String: JSONValue] {
        var answers: [String: JSONValue] = [:]
        for spec in AnswerSpecs.all {
            answers[spec.fileKey] = spec.reported(for: configuration).map(JSONValue.init)
        }
        return answers
    }

    struct InfoPlistJSON: Encodable {
        let permittedIdentifiers: [String]
        let backgroundModes: [String]
    }

    var schemaVersion = JSONReport.schemaVersion
    let root: String
    let outputFolder: String
    let dryRun: Bool
    let written: Bool
    /// Each answer under its `.bggen.json` key, as its `AnswerSpec` reports it (`tests`: the rehearsal tests are
    /// written, by `--tests` or yes to the question).
    let answers: [String: JSONValue]
    /// Each chosen kind's identifier under its `TaskSpec.Identifier.reportKey` (`Identifiers.reported`).
    let identifiers: [String: String]
    let infoPlist: InfoPlistJSON
    let files: [FileJSON]
    let notes: [String]
    let instructions: [String]
    let nextSteps: [StepJSON]
    let project: ProjectJSON?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, root, outputFolder, dryRun, written, answers, identifiers, infoPlist, files, notes
        case instructions, nextSteps, project
    }

    static func meaning(of field: CodingKeys) -> String {
        switch field {
        case .schemaVersion: "`1`; raised when a field changes meaning or goes away"
        case .root: "the folder bggen ran in"
        case .outputFolder: "where the generated files go, relative to `root`"
        case .dryRun: "`true` for `--dry-run`: nothing was written"
        case .written: "whether files were written"
        case .answers:
            "each answer under its `.bggen.json` key, as the answers file records it; `tests`: whether the rehearsal "
                + "tests are written"
        case .identifiers:
            TaskSpec.all.compactMap(\.identifier?.reportKey).map { "`\($0)`" }.joined(separator: ", ") + ": the task and session identifiers"
        case .infoPlist: "`permittedIdentifiers` and `backgroundModes`, as the Info.plist needs them"
        case .files: "each file of the plan (below)"
        case .notes: "what the text report says as notes"
        case .instructions: "changes to make by hand in the project"
        case .nextSteps: "the numbered steps of `bggen/NEXT_STEPS.md` (below), in every run, dry runs and up-to-date runs too"
        case .project: "what was read from the app (below), or absent in a new folder"
        }
    }

    static func schema(of field: CodingKeys) -> JSONValue {
        switch field {
        case .schemaVersion: JSONSchema.integer
        case .root, .outputFolder: JSONSchema.string
        case .dryRun, .written: JSONSchema.boolean
        case .answers, .identifiers: JSONSchema.object
        case .infoPlist: JSONSchema.object(["permittedIdentifiers": JSONSchema.strings, "backgroundModes": JSONSchema.strings],
                                           required: ["permittedIdentifiers", "backgroundModes"])
        case .files: JSONSchema.array(FileJSON.schema)
        case .notes, .instructions: JSONSchema.strings
        case .nextSteps: JSONSchema.array(StepJSON.schema)
        case .project: ProjectJSON.schema
        }
    }

    static var omittable: [CodingKeys] { [.project] }

    /// One file of the plan.
    struct FileJSON: DocumentedJSON {
        let path: String
        let action: String
        let owner: String
        let reason: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case path, action, owner, reason
        }

        static func meaning(of field: CodingKeys) -> String {
            switch field {
            case .path: "relative to `root`"
            case .action: "`create`, `update`, `unchanged`, `conflict` or `delete`"
            case .owner: "`tool` (bggen's, checksummed, updated by re-runs), `user` (written once, then yours) or `record` (`.bggen.json`)"
            case .reason: "why the action was chosen when it is not obvious, such as \"yours, never overwritten\", or absent"
            }
        }

        static func schema(of field: CodingKeys) -> JSONValue {
            switch field {
            case .path, .reason: JSONSchema.string
            case .action: JSONSchema.oneOf(["create", "update", "unchanged", "conflict", "delete"])
            case .owner: JSONSchema.oneOf(["tool", "user", "record"])
            }
        }

        static var omittable: [CodingKeys] { [.reason] }
    }

    /// One numbered step: its first phrase, its prose, and its code blocks to paste.
    struct StepJSON: DocumentedJSON {
        struct Code: Encodable {
            let language: String?
            let code: String
        }
        let title: String
        let text: String
        let code: [Code]

        init(_ step: NextSteps.Step) {
            title = step.title
            text = step.text
            code = step.code.map { Code(language: $0.language, code: $0.code) }
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case title, text, code
        }

        static func meaning(of field: CodingKeys) -> String {
            switch field {
            case .title: "the step's first phrase, as the text lists it"
            case .text: "its prose, code left out"
            case .code: "its code blocks: `language` (such as `swift`; absent for Terminal or LLDB lines) and `code`"
            }
        }

        static func schema(of field: CodingKeys) -> JSONValue {
            switch field {
            case .title, .text: JSONSchema.string
            case .code: JSONSchema.array(JSONSchema.object(["language": JSONSchema.string, "code": JSONSchema.string], required: ["code"]))
            }
        }
    }
}

/// What `init` read from the app, in `--json`.
struct ProjectJSON: DocumentedJSON {
    struct CodeJSON: Encodable {
        let file: String
        let line: Int?
        let symbol: String
        let tasks: [String]
    }
    let kind: String
    let style: String?
    let projectFiles: [String]
    let target: String?
    let deploymentTarget: String?
    let swiftVersion: String?
    let defaultIsolation: String?
    let bundleId: String?
    /// As the project writes it, variables included.
    let bundleIdAsWritten: String?
    let infoPlist: String?
    let entitlements: [String]
    let existingCode: [CodeJSON]
    /// Task identifiers the app registers; its background sessions' identifiers are in `backgroundSessionIdentifiers`.
    let registeredIdentifiers: [String]
    let backgroundSessionIdentifiers: [String]
    let warnings: [String]

    init(_ project: ExistingProject) {
        let report = project.report
        kind = report.kind.rawValue
        style = project.style?.rawValue
        projectFiles = report.projectFiles
        target = project.target?.name
        deploymentTarget = project.target?.deploymentTarget ?? report.packageDeploymentTarget
        swiftVersion = project.target?.swiftVersion
        defaultIsolation = project.target?.defaultActorIsolation
        bundleId = project.target?.bundleIdentifier?.withoutUnresolved
        bundleIdAsWritten = project.target?.bundleIdentifier?.raw
        infoPlist = project.target?.infoPlist.path
        entitlements = project.target?.entitlements.map(\.path) ?? []
        existingCode = report.existingCode.filter { !$0.isBggenOutput }.map {
            CodeJSON(file: $0.file, line: $0.line, symbol: $0.symbol, tasks: $0.kinds.map(\.rawValue))
        }
        registeredIdentifiers = report.registeredIdentifiers.filter { $0.kind == .task }.map(\.identifier)
        backgroundSessionIdentifiers = report.registeredIdentifiers.filter { $0.kind == .urlSession }.map(\.identifier)
        warnings = project.warnings.map(\.description)
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, style, projectFiles, target, deploymentTarget, swiftVersion, defaultIsolation, bundleId
        case bundleIdAsWritten, infoPlist, entitlements, existingCode, registeredIdentifiers
        case backgroundSessionIdentifiers, warnings
    }

    static func meaning(of field: CodingKeys) -> String {
        switch field {
        case .kind: "what defines the app: `xcodeProject`, `xcodeGen`, `tuist` or `swiftPackage`"
        case .style: "`app-delegate` or `swiftui`, as the app's code shows it, or absent"
        case .projectFiles: "the project files read, relative to `root`"
        case .target: "the app target bggen writes for, or absent"
        case .deploymentTarget: "its iOS deployment target"
        case .swiftVersion: "its Swift language version"
        case .defaultIsolation: "its default actor isolation (`MainActor` in Xcode 26's new projects)"
        case .bundleId: "its bundle identifier, or absent when a build variable in it is not resolved"
        case .bundleIdAsWritten: "the bundle identifier as the project writes it, variables included"
        case .infoPlist: "its Info.plist, relative to `root`"
        case .entitlements: "its entitlements files"
        case .existingCode: "background code the app has: `file`, `line`, `symbol` and the `tasks` it covers"
        case .registeredIdentifiers: "task identifiers the app registers"
        case .backgroundSessionIdentifiers: "its background sessions' identifiers"
        case .warnings: "what bggen warns about in the project"
        }
    }

    static func schema(of field: CodingKeys) -> JSONValue {
        switch field {
        case .kind: JSONSchema.oneOf(["xcodeProject", "xcodeGen", "tuist", "swiftPackage"])
        case .style: JSONSchema.oneOf(["app-delegate", "swiftui"])
        case .target, .deploymentTarget, .swiftVersion, .defaultIsolation, .bundleId, .bundleIdAsWritten, .infoPlist: JSONSchema.string
        case .projectFiles, .entitlements, .registeredIdentifiers, .backgroundSessionIdentifiers, .warnings: JSONSchema.strings
        case .existingCode:
            JSONSchema.array(JSONSchema.object(["file": JSONSchema.string, "line": JSONSchema.integer, "symbol": JSONSchema.string, "tasks": JSONSchema.strings],
                                               required: ["file", "symbol", "tasks"]))
        }
    }

    static var omittable: [CodingKeys] {
        [.style, .target, .deploymentTarget, .swiftVersion, .defaultIsolation, .bundleId, .bundleIdAsWritten, .infoPlist]
    }
}
