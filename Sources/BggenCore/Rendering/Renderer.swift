import BggenFormats
import BggenModel
import Dispatch

/// Turns a configuration into the files bggen writes: pure, no disk access, same input → same bytes.
public struct OutputRenderer: Sendable {
    /// Folder of the fragments that are not Swift. They live outside the source folder: in a SwiftPM target a
    /// stray file is an "unhandled file" warning, and in an Xcode 16 synchronized folder every file becomes a
    /// bundle resource, where a second `Info.plist` collides with the target's own.
    public static let fragmentsFolder = "bggen"
    public static let infoFragmentPath = "\(fragmentsFolder)/Info.fragment.plist"
    public static let entitlementsFragmentPath = "\(fragmentsFolder)/Entitlements.fragment.plist"
    /// The rehearsal tests (`--tests`) go to the app's unit-test target's folder; without one (a new folder, an
    /// app without a test target) to a test folder of their own at the root, beside the sources: never in a
    /// folder the app target compiles, where an XCTest import breaks the app's build.
    public static let defaultRehearsalFolder = "Tests/BackgroundProcessingTests"
    public static let rehearsalTestsPath = "\(defaultRehearsalFolder)/\(RehearsalTarget.fileName)"
    /// The module the rehearsal tests import with `@testable` when bggen cannot read it from a project.
    public static let defaultAppModule = "MyApp"

    private let templates: TemplateLibrary

    public init(templates: TemplateLibrary = .embedded) {
        self.templates = templates
    }

    /// Every file for `configuration`, with Swift sources under `outputFolder` (relative to the project root).
    /// `edits` are the ones planned for an existing app: the entitlements fragment gives the `aps-environment` the
    /// app's own entitlements keep (`production`), so the two never disagree.
    /// `appModule` is the app target's module, which the rehearsal tests import; they go to `testsFolder`, written
    /// for Swift Testing with `swiftTesting`, else XCTest.
    public func files(for configuration: Configuration, outputFolder: String, edits: ProjectEdits = ProjectEdits(),
                      appModule: String = defaultAppModule, testsFolder: String = defaultRehearsalFolder,
                      swiftTesting: Bool = false) throws(TemplateError) -> [GeneratedFile] {
        let unprefixed = try unprefixedFiles(for: configuration, outputFolder: outputFolder, apsEnvironment: edits.apsEnvironment,
                                             appModule: appModule, testsFolder: testsFolder, swiftTesting: swiftTesting)
        let prefix = configuration.typePrefix
        // Lexing every file for its names is most of rendering, and without a prefix nothing is renamed.
        let names = prefix.isEmpty ? [] : TypePrefix.names(in: unprefixed).all
        return unprefixed.map { file in
            let path = TypePrefix.apply(prefix, names: names, toPath: file.path)
            var body = TypePrefix.apply(prefix, names: names, to: file.contents)
            if configuration.guardsPlatform && path.hasSuffix(".swift") {
                body = Self.guardingPlatform(body)
            }
            let contents = file.ownership == .tool ? GeneratedMarker.stamp(body, path: path) : body
            return GeneratedFile(path: path, contents: contents, ownership: file.ownership)
        }
    }

    /// The top-level type names and Swift file names (without `.swift`) the files for `configuration` use before
    /// any prefix: the names that must not clash with the app's own.
    public func generatedNames(for configuration: Configuration) throws(TemplateError) -> GeneratedNames {
        TypePrefix.names(in: try unprefixedFiles(for: configuration, outputFolder: ""))
    }

    /// The rendered files before the prefix is applied and the marker stamped. A file no kind owns has its row, with
    /// when it is written, in `writtenFiles`.
    private func unprefixedFiles(for configuration: Configuration, outputFolder: String,
                                 apsEnvironment: String? = nil, appModule: String = defaultAppModule,
                                 testsFolder: String = defaultRehearsalFolder, swiftTesting: Bool = false) throws(TemplateError) -> [GeneratedFile] {
        var context = RenderContext(configuration).values
        context["apsEnvironment"] = .string(apsEnvironment ?? Entitlement.apsEnvironment.value.text)
        context["appModule"] = .string(appModule)
        context["swiftTesting"] = .bool(swiftTesting)
        var files: [GeneratedFile] = []
        func add(_ template: String, to path: String, _ ownership: Ownership) throws(TemplateError) {
            files.append(GeneratedFile(path: path, contents: try templates.render(template, context), ownership: ownership))
        }
        let swift = { (name: String) in outputFolder.isEmpty ? name : "\(outputFolder)/\(name)" }
        /// A file no kind owns, when its row in `writtenFiles` says, at its row's path or else at `path`.
        func addShared(_ template: String, at path: String? = nil) throws(TemplateError) {
            guard let row = Self.sharedFile(template), row.when.holds(configuration) else { return }
            try add(template, to: row.path ?? path ?? swift(template), .tool)
        }
        try addShared("BackgroundTaskConfiguration.swift")
        try addShared("BackgroundSupport.swift")
        for file in Self.taskFiles where file.kinds.contains(where: configuration.includes) {
            try add(file.name, to: swift(file.name), file.ownership)
        }
        try addShared("BackgroundTasksScene.swift")
        try addShared("BackgroundTasksObjC.swift")
        try addShared("BackgroundTaskRehearsalTests.swift", at: PathText.join(testsFolder, RehearsalTarget.fileName))
        try addShared("Info.fragment.plist")
        try addShared("Entitlements.fragment.plist")
        return files
    }

    /// The instructions printed after a run, with this run's identifiers and type names. `edits` says what bggen
    /// did with an existing app's Info.plist and entitlements, so the steps never repeat what is done.
    public func nextSteps(for configuration: Configuration, outputFolder: String, edits: ProjectEdits = ProjectEdits(),
                          appModule: String = defaultAppModule, appModuleKnown: Bool = true,
                          tests: RehearsalTarget? = nil) throws(TemplateError) -> String {
        var context = RenderContext(configuration).values
        context["appModule"] = .string(appModule)
        // Where no app target was found the module is the folder's name, a guess the LLDB step says how to check.
        context["appModuleKnown"] = .bool(appModuleKnown)
        context["rehearsalFailures"] = .string(Self.rehearsalFailures(for: configuration))
        context["rehearsalTestsPath"] = .string(tests?.path ?? Self.rehearsalTestsPath)
        context["rehearsalTarget"] = .string(tests?.name ?? "")
        context["infoPlistStep"] = .string(edits.infoPlistStep ?? "")
        context["entitlementsStep"] = .string(edits.entitlementsStep ?? "")
        // An app without scenes hears applicationDidEnterBackground(_:); the iOS 27 SDK requires scenes.
        let requiresScenes = configuration.deploymentTarget >= DeploymentTarget(major: 27, minor: 0)
        context["withoutScenes"] = .bool(edits.appHasNoScenes && !requiresScenes)
        context["mustAdoptScenes"] = .bool(edits.appHasNoScenes && requiresScenes)
        let app = edits.swiftUIApp
        context["appType"] = .string(app?.typeName ?? "")
        context["appTypePlace"] = .string(app.map(Self.place) ?? "")
        context["appAdaptedDelegate"] = .string(app?.adaptedDelegate ?? "")
        // The app's own delegates by name and place: merged into, not pasted beside as a second `AppDelegate`.
        let delegate = edits.appDelegate, scene = edits.sceneDelegate
        context["delegateType"] = .string(delegate?.typeName ?? "")
        context["delegateClass"] = .string(delegate?.kind == .swiftDelegate ? delegate?.typeName ?? "AppDelegate" : "AppDelegate")
        context["delegatePlace"] = .string(delegate.map(Self.place) ?? "")
        context["delegateOwnBase"] = .string(delegate?.ownBase ?? "")
        context["sceneDelegateType"] = .string(scene?.typeName ?? "")
        context["sceneDelegateClass"] = .string(scene?.typeName ?? "SceneDelegate")
        context["sceneDelegatePlace"] = .string(scene.map(Self.place) ?? "")
        context["swiftSceneDelegate"] = .bool(scene?.file.hasSuffix(".swift") == true)
        // A subclass of FlutterSceneDelegate overrides and calls super, as an app delegate subclass does.
        context["sceneDelegateSuperclass"] = .string(scene?.superclass ?? "")
        // The manifest names a framework's scene delegate: schedule from a subclass of it, named in the manifest.
        context["sceneSuperclass"] = .string(edits.frameworkSceneDelegate?.className ?? "")
        context["sceneManifestPlist"] = .string(edits.frameworkSceneDelegate?.infoPlist ?? "")
        // A subclass of FlutterAppDelegate (or another framework's) overrides and calls super: the superclass's
        // launch work and its plugins' events must still run.
        let superclass = edits.appDelegate?.superclass ?? ""
        context["delegateSuperclass"] = .string(superclass)
        context["override"] = .string(superclass.isEmpty ? "" : "override ")
        let userFiles = Self.taskFiles.filter { $0.ownership == .user && $0.kinds.contains(where: configuration.includes) }
        context["userFiles"] = .list(userFiles.map { .string(outputFolder.isEmpty ? $0.name : "\(outputFolder)/\($0.name)") })
        // Numbered from 1 whatever comes first: transfers alone need no Info.plist entries, so no step 1.
        let first = (edits.infoPlistStep ?? "").isEmpty && backgroundModes(for: configuration).isEmpty ? 1 : 2
        for (offset, step) in ["callStep", "filesStep", "tryStep"].enumerated() {
            context[step] = .string(String(first + offset))
        }
        let text = try templates.render("NextSteps.md", context)
        guard !configuration.typePrefix.isEmpty else { return text }
        return TypePrefix.apply(configuration.typePrefix, names: try generatedNames(for: configuration).all, to: text)
    }

    /// What the transfer, push and continued-processing rehearsals catch, for the kinds generated: an app with
    /// none of them is not promised failures it cannot have. Wrapped, as the step's other lines are, at 115 columns.
    static func rehearsalFailures(for configuration: Configuration) -> String {
        let failures = [
            (TaskKind.silentPush, "a push answered too late"),
            (.downloads, "a download lost"),
            (.uploads, "an upload's answer that never reaches your handler"),
            (.continuedProcessing, "a job that shows no progress from the start or loses the output of a run that returned"),
        ].filter { configuration.includes($0.0) }.map(\.1)
        guard let last = failures.last else { return "" }
        let sentence = failures.count == 1 ? last : failures.dropLast().joined(separator: ", ") + " or " + last
        var lines = [""]
        for word in sentence.split(separator: " ") {
            if !lines[lines.count - 1].isEmpty, lines[lines.count - 1].count + 1 + word.count > 111 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n   ")
    }

    /// Where a type of the app is declared, `file:line` (the file alone when the line is unknown).
    private static func place(_ entry: EntryPoint) -> String {
        entry.line.map { "\(entry.file):\($0)" } ?? entry.file
    }

    /// The module name Xcode gives a target (`PRODUCT_MODULE_NAME`): every character that cannot be in a Swift
    /// identifier becomes `_`, and a leading digit gets one before it.
    public static func moduleName(forTarget name: String) -> String {
        let characters = name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        let module = String(characters)
        guard let first = module.first else { return defaultAppModule }
        return first.isNumber ? "_" + module : module
    }

    /// Opens every Swift file of a target that also builds for other platforms: macOS has neither framework.
    static let platformGuardOpening = """
        // The target also builds for platforms without BackgroundTasks or UIKit (macOS): this file is compiled
        // only where both exist (iOS, iPadOS, Mac Catalyst, visionOS).
        #if canImport(BackgroundTasks) && canImport(UIKit)

        """

    /// `body` inside the platform guard, after its leading comment lines: a user file's first line must stay
    /// "// Created by bggen." so a later run knows it.
    static func guardingPlatform(_ body: String) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = lines.firstIndex { !$0.hasPrefix("//") } ?? lines.count
        lines.insert(String(platformGuardOpening.dropLast()), at: start)
        return lines.joined(separator: "\n") + "#endif\n"
    }

    /// Every name any configuration may generate: each Swift template's file name and the top-level types it
    /// declares (its `{{…}}` tags lex as balanced punctuation). The code search uses it to read only the app's files
    /// that could clash. Lexing 200 KB of templates is a few milliseconds before `init`'s first file can be searched,
    /// so the templates are lexed on every core.
    static let possibleGeneratedNames: GeneratedNames = {
        let templates = EmbeddedTemplates.files.filter { $0.key.hasSuffix(".swift.tmpl") }.sorted { $0.key < $1.key }
        let declared = Slots<[String]>(count: templates.count)
        DispatchQueue.concurrentPerform(iterations: templates.count) { index in
            declared.store(TopLevelNames.declared(inSwift: templates[index].value), at: index)
        }
        var names = GeneratedNames()
        names.files = Set(templates.map { String($0.key.dropLast(".swift.tmpl".count)) })
        names.types = Set(declared.values.flatMap { $0 ?? [] })
        return names
    }()

    /// Which task kinds need which file, from `TaskSpec.all`; a file is written when any of its kinds is chosen.
    static let taskFiles: [(name: String, kinds: [TaskKind], ownership: Ownership, purpose: String)] = {
        var files: [(name: String, kinds: [TaskKind], ownership: Ownership, purpose: String)] = []
        for spec in TaskSpec.all {
            for file in spec.files {
                if let index = files.firstIndex(where: { $0.name == file.name }) {
                    files[index].kinds.append(spec.kind)
                } else {
                    files.append((file.name, [spec.kind], file.isUsers ? .user : .tool, file.purpose))
                }
            }
        }
        return files
    }()

    /// Everything bggen writes, in the order docs/generated-code.md's "What it writes" table lists it (`fileTable`).
    /// The files no task kind owns are declared here, each with when `unprefixedFiles` writes it (`NextSteps` writes
    /// `bggen/NEXT_STEPS.md`), the words and the test together; the kinds' files come from `taskFiles`: first those of the tasks
    /// BGTaskScheduler runs, then the two other ways an app calls them, then the other kinds' files.
    static let writtenFiles: [WrittenFiles] = [
        .shared("BackgroundTaskConfiguration.swift", when: .always, "every identifier, interval and Info.plist value, in one place"),
        .shared("BackgroundSupport.swift", when: .always, "the lock and logging the other files share"),
        .toolFiles(ofScheduledTasks: true),
        .shared("BackgroundTasksObjC.swift", when: WrittenWhen("`--objc` (an Objective-C app delegate)") { $0.objectiveC }, "the `@objc` class methods the delegate calls"),
        .shared("BackgroundTasksScene.swift", when: WrittenWhen("`--style swiftui`, refresh, iOS 16+") { $0.refreshRegisteredBySwiftUI },
                "`.backgroundTask(.appRefresh(…))`, so SwiftUI registers the refresh (never both ways)"),
        .toolFiles(ofScheduledTasks: false),
        .userFiles(when: "per task"),
        .shared("Info.fragment.plist", at: infoFragmentPath,
                when: WrittenWhen("when Info.plist keys are needed") { !backgroundModes(for: $0).isEmpty },
                "`BGTaskSchedulerPermittedIdentifiers` and `UIBackgroundModes`, the entries the printed PlistBuddy steps add one by one (`bggen init` in the repository patches the Info.plist itself)"),
        // Push needs aps-environment; continued processing on the GPU needs the Background GPU Access entitlement.
        .shared("Entitlements.fragment.plist", at: entitlementsFragmentPath,
                when: WrittenWhen("silent push or `--gpu`") { !Entitlement.needed(by: $0).isEmpty },
                "`aps-environment`; the Background GPU Access entitlement with `--gpu`"),
        .shared("BackgroundTaskRehearsalTests.swift", placedIn: "the app's unit-test target's folder (else `\(defaultRehearsalFolder)/`)",
                when: WrittenWhen("`--tests`") { $0.tests }, "rehearsals of your background work, XCTest or Swift Testing ([below](#rehearsal-tests---tests))"),
        .shared("NextSteps.md", at: NextSteps.path, when: .always,
                "the whole next steps with the code to paste (`bggen init --next-steps` prints them); a run that changes nothing else leaves it as it is"),
    ]
}
