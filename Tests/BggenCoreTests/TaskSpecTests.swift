@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("One declaration per task kind: identifiers, modes, files, compile flags and symbols")
struct TaskSpecTests {
    @Test func everyKindHasItsOneDeclarationInOrder() {
        #expect(TaskSpec.all.map(\.kind) == TaskKind.allCases)
        for kind in TaskKind.allCases {
            #expect(TaskSpec.of(kind).kind == kind)
            #expect(kind.summary == TaskSpec.of(kind).summary && !kind.summary.isEmpty)
        }
    }

    /// The files the renderer writes are the declarations' files, in the order and with the owners bggen has always
    /// written; a file several kinds share has one owner and one purpose, and is written once.
    @Test func theRenderersTaskFilesComeFromTheDeclarations() {
        let files = OutputRenderer.taskFiles.map { "\($0.name) \($0.kinds.map(\.rawValue).joined(separator: ",")) \($0.ownership.rawValue)" }
        #expect(files == [
            "BackgroundTaskRun.swift refresh,processing,continued-processing tool",
            "BackgroundTaskManager.swift refresh,processing tool",
            "AppRefreshWork.swift refresh user",
            "ProcessingWork.swift processing user",
            "BackgroundDownloadManager.swift downloads tool",
            "DownloadHandling.swift downloads user",
            "BackgroundUploadManager.swift uploads tool",
            "UploadHandling.swift uploads user",
            "SilentPushHandler.swift silent-push tool",
            "SilentPushWork.swift silent-push user",
            "ContinuedProcessingManager.swift continued-processing tool",
            "ExportJob.swift continued-processing user",
        ])
        let declared = TaskSpec.all.flatMap(\.files)
        for file in declared {
            #expect(declared.allSatisfy { $0.name != file.name || $0 == file }, "\(file.name) has two owners or two purposes")
            #expect(EmbeddedTemplates.files["\(file.name).tmpl"] != nil, "\(file.name) has no template")
        }
        // Every kind has its own work file, which is the user's.
        #expect(TaskSpec.all.allSatisfy { $0.files.filter(\.isUsers).count == 1 })
    }

    @Test func identifiersAndModesComeFromTheDeclarations() throws {
        let all = try Configuration(answers: Answers(tasks: TaskKind.allCases, flags: "--bundle-id io.x.app"))
        let identifiers = Identifiers(all)
        #expect(identifiers[.refresh] == "io.x.app.refresh" && identifiers[.processing] == "io.x.app.processing")
        #expect(identifiers[.downloads] == "io.x.app.background-downloads" && identifiers[.uploads] == "io.x.app.background-uploads")
        #expect(identifiers[.continuedProcessing] == "io.x.app.export" && identifiers[.silentPush] == nil)
        #expect(identifiers.permittedTaskIdentifiers == ["io.x.app.refresh", "io.x.app.processing", "io.x.app.export.*"])
        #expect(backgroundModes(for: all) == ["fetch", "processing", "remote-notification"])
        // The order is fixed, whichever kinds are chosen.
        #expect(TaskSpec.modes(for: [.continuedProcessing, .silentPush]) == ["processing", "remote-notification"])
        #expect(TaskSpec.modes(for: [.downloads, .uploads]).isEmpty)
        #expect(TaskSpec.all.allSatisfy { $0.modes.allSatisfy(BackgroundModes.valid.contains) })
        #expect(TaskSpec.all.map(\.requestMode) == ["fetch", "processing", nil, nil, nil, nil])
    }

    /// A kind's identifier reaches every list of identifiers through its declaration: `Identifiers`, the Info.plist's
    /// permitted identifiers, and the templates' variables, which some template uses and which are there only when
    /// the kind is chosen. A new kind's identifier cannot be left out of one of them.
    @Test(arguments: TaskKind.allCases)
    func eachKindsIdentifierReachesIdentifiersAndTheTemplates(kind: TaskKind) throws {
        let spec = TaskSpec.of(kind)
        let alone = try Configuration(answers: Answers(tasks: [kind], flags: "--bundle-id io.x.app"))
        let identifiers = Identifiers(alone)
        #expect(identifiers[kind] == spec.identifier(under: "io.x.app"))
        #expect(identifiers.chosen.map(\.kind) == (spec.identifier == nil ? [] : [kind]))
        #expect(identifiers.permittedTaskIdentifiers == [spec.permittedIdentifier(under: "io.x.app")].compactMap(\.self))
        #expect(spec.isScheduledTask == !identifiers.permittedTaskIdentifiers.isEmpty)
        let values = RenderContext(alone).values
        let templates = EmbeddedTemplates.files.values.joined()
        for variable in spec.identifierVariables(under: "io.x.app") {
            #expect(values[variable.name] == .string(variable.value), "\(variable.name)")
            #expect(templates.contains("{{\(variable.name)}}"), "no template uses {{\(variable.name)}}")
        }
        for other in TaskSpec.all where other.kind != kind {
            for variable in other.identifierVariables(under: "io.x.app") {
                #expect(values[variable.name] == nil, "\(variable.name) without \(other.kind)")
            }
        }
    }

    /// The identifiers' template variables, as the templates name them, one name each.
    @Test func everyIdentifierVariableIsDeclaredOnce() {
        let names = TaskSpec.all.flatMap { $0.identifierVariables(under: "io.x.app").map(\.name) }
        #expect(names == ["refreshIdentifier", "processingIdentifier", "downloadSessionIdentifier", "uploadSessionIdentifier",
                          "continuedPrefix", "continuedWildcard"])
        #expect(TaskSpec.all.compactMap(\.identifier?.role).count == TaskSpec.all.filter { $0.identifier != nil }.count)
    }

    /// The kinds the templates' launch and expiry switches and the rehearsals' comment name come from the
    /// declarations: a new kind is in each list, or this fails.
    @Test func theKindsTheTemplatesGroupComeFromTheDeclarations() {
        #expect(TaskSpec.all.filter(\.registersAtLaunch).map(\.kind) == [.refresh, .processing, .downloads, .uploads])
        #expect(TaskSpec.all.filter(\.isScheduledTask).map(\.kind) == [.refresh, .processing, .continuedProcessing])
        #expect(RenderContext.rehearsalOrder.sorted() == TaskKind.allCases, "a kind the rehearsals' comment leaves out")
    }

    /// The entitlements come from the kinds' declarations, and `--gpu`'s after them.
    @Test func entitlementsComeFromTheDeclarations() throws {
        let all = try Configuration(answers: Answers(tasks: TaskKind.allCases, flags: "--gpu"))
        #expect(Entitlement.needed(by: all) == [.apsEnvironment, .backgroundGPU])
        for spec in TaskSpec.all {
            let alone = try Configuration(answers: Answers(tasks: [spec.kind]))
            #expect(Entitlement.needed(by: alone) == spec.entitlements)
        }
        #expect(TaskSpec.all.flatMap(\.entitlements) == [.apsEnvironment])
    }

    /// The templates test each kind by a name of its own.
    @Test func theTemplatesFlagForEachKindIsItsNameInCamelCase() {
        #expect(TaskSpec.all.map(\.templateFlag) == ["refresh", "processing", "downloads", "uploads", "silentPush", "continuedProcessing"])
        #expect(TaskSpec.all.map(\.workFile) == ["AppRefreshWork.swift", "ProcessingWork.swift", "DownloadHandling.swift", "UploadHandling.swift",
                                                 "SilentPushWork.swift", "ExportJob.swift"])
    }

    /// The compile checks define one flag a kind, and the harness tests exactly those flags.
    @Test func theHarnessTestsEveryKindsCompileFlag() throws {
        let support = RepositoryPaths.root.appendingPathComponent("Tests/GeneratedCodeTests")
        var used = Set<String>()
        let files = FileManager.default.enumerator(at: support, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            // No kind's flag is part of another's name, so finding the text is finding the flag.
            for spec in TaskSpec.all where text.contains(spec.compileFlag) {
                used.insert(spec.compileFlag)
            }
        }
        #expect(Set(TaskSpec.all.map(\.compileFlag)) == ["BGGEN_REFRESH", "BGGEN_PROCESSING", "BGGEN_DOWNLOADS", "BGGEN_UPLOADS", "BGGEN_SILENT_PUSH", "BGGEN_CONTINUED_PROCESSING"])
        #expect(used == Set(TaskSpec.all.map(\.compileFlag)), "a kind's flag the harness never tests")
    }

    /// Existing code covers a kind through the one symbol table; uploads only through a background session that
    /// uploads (the session's use decides).
    @Test func theSymbolsThatCoverAKindAreTheSymbolTables() {
        #expect(TaskSpec.of(.refresh).coveringSymbols == ["BGAppRefreshTask", "BGAppRefreshTaskRequest"])
        #expect(TaskSpec.of(.silentPush).coveringSymbols == ["didReceiveRemoteNotification"])
        for spec in TaskSpec.all where spec.kind != .uploads {
            #expect(!spec.coveringSymbols.isEmpty, "\(spec.kind): no symbol means existing code covers it")
        }
    }

    /// A kind's task and request classes are rows of the symbol table made from its declaration: what the class
    /// covers, the mode its use shows, the request it makes and its label in the existing-code list.
    @Test func aKindsTaskClassesAreItsRowsOfTheSymbolTable() {
        let rows = ["BGAppRefreshTask", "BGAppRefreshTaskRequest", "BGProcessingTask", "BGProcessingTaskRequest",
                    "BGContinuedProcessingTask", "BGContinuedProcessingTaskRequest"].map { name in
            CodeSymbol.table[name].map { "\(name) \($0.covers) \($0.mode ?? "-") \($0.request.map(\.rawValue) ?? "-") \($0.label)" } ?? name
        }
        #expect(rows == [
            "BGAppRefreshTask [BggenModel.TaskKind.refresh] fetch - app refresh task",
            "BGAppRefreshTaskRequest [BggenModel.TaskKind.refresh] fetch refresh app refresh request",
            "BGProcessingTask [BggenModel.TaskKind.processing] processing - processing task",
            "BGProcessingTaskRequest [BggenModel.TaskKind.processing] processing processing processing request",
            "BGContinuedProcessingTask [BggenModel.TaskKind.continuedProcessing] processing - continued-processing task",
            "BGContinuedProcessingTaskRequest [BggenModel.TaskKind.continuedProcessing] processing continued-processing continued-processing request",
        ])
        #expect(TaskSpec.all.map(\.requestClass) == ["BGAppRefreshTaskRequest", "BGProcessingTaskRequest", nil, nil, nil, "BGContinuedProcessingTaskRequest"])
        // A forced cast of a launch handler's task is read for the same classes.
        #expect(TaskForceCast.types == ["BGAppRefreshTask": .refresh, "BGProcessingTask": .processing, "BGContinuedProcessingTask": .continuedProcessing])
        // The byte search that spares files the lexer looks for each task class.
        for spec in TaskSpec.all {
            guard let name = spec.taskClass?.name else { continue }
            #expect(CodeSymbol.needles.contains(Array(name.utf8)), "\(name)")
        }
    }
}
