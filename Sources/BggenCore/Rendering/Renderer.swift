/// Turns a configuration into the files bggen writes: pure, no disk access, same input → same bytes.
public struct OutputRenderer: Sendable {
    /// Folder of the fragments that are not Swift. They live outside the source folder: in a SwiftPM target a
    /// stray file is an "unhandled file" warning, and in an Xcode 16 synchronized folder every file becomes a
    /// bundle resource, where a second `Info.plist` collides with the target's own.
    public static let fragmentsFolder = "bggen"
    public static let infoFragmentPath = "\(fragmentsFolder)/Info.fragment.plist"
    public static let entitlementsFragmentPath = "\(fragmentsFolder)/Entitlements.fragment.plist"

    private let templates: TemplateLibrary

    public init(templates: TemplateLibrary = .embedded) {
        self.templates = templates
    }

    /// Every file for `configuration`, with Swift sources under `outputFolder` (relative to the project root).
    public func files(for configuration: Configuration, outputFolder: String) throws(TemplateError) -> [GeneratedFile] {
        let context = RenderContext(configuration).values
        var files: [GeneratedFile] = []
        func add(_ template: String, to path: String, _ ownership: Ownership) throws(TemplateError) {
            let body = try templates.render(template, context)
            let contents = ownership == .tool ? GeneratedMarker.stamp(body, path: path) : body
            files.append(GeneratedFile(path: path, contents: contents, ownership: ownership))
        }
        let swift = { (name: String) in outputFolder.isEmpty ? name : "\(outputFolder)/\(name)" }
        try add("BackgroundTaskConfiguration.swift", to: swift("BackgroundTaskConfiguration.swift"), .tool)
        try add("BackgroundSupport.swift", to: swift("BackgroundSupport.swift"), .tool)
        for file in Self.taskFiles where file.kinds.contains(where: configuration.includes) {
            try add(file.name, to: swift(file.name), file.ownership)
        }
        if configuration.refreshRegisteredBySwiftUI {
            try add("BackgroundTasksScene.swift", to: swift("BackgroundTasksScene.swift"), .tool)
        }
        if !backgroundModes(for: configuration).isEmpty {
            try add("Info.fragment.plist", to: Self.infoFragmentPath, .tool)
        }
        // Push needs aps-environment; continued processing on the GPU needs the Background GPU Access entitlement.
        if configuration.includes(.silentPush) || configuration.gpu {
            try add("Entitlements.fragment.plist", to: Self.entitlementsFragmentPath, .tool)
        }
        return files
    }

    /// The instructions printed after a run, with this run's identifiers.
    public func nextSteps(for configuration: Configuration, outputFolder: String) throws(TemplateError) -> String {
        var context = RenderContext(configuration).values
        let userFiles = Self.taskFiles.filter { $0.ownership == .user && $0.kinds.contains(where: configuration.includes) }
        context["userFiles"] = .list(userFiles.map { .string(outputFolder.isEmpty ? $0.name : "\(outputFolder)/\($0.name)") })
        return try templates.render("NextSteps.md", context)
    }

    /// Which task kinds need which file; a file is written when any of its kinds is chosen.
    static let taskFiles: [(name: String, kinds: [TaskKind], ownership: Ownership)] = [
        ("BackgroundTaskRun.swift", [.refresh, .processing, .continuedProcessing], .tool),
        ("BackgroundTaskManager.swift", [.refresh, .processing], .tool),
        ("AppRefreshWork.swift", [.refresh], .user),
        ("ProcessingWork.swift", [.processing], .user),
        ("BackgroundDownloadManager.swift", [.downloads], .tool),
        ("DownloadHandling.swift", [.downloads], .user),
        ("BackgroundUploadManager.swift", [.uploads], .tool),
        ("UploadHandling.swift", [.uploads], .user),
        ("SilentPushHandler.swift", [.silentPush], .tool),
        ("SilentPushWork.swift", [.silentPush], .user),
        ("ContinuedProcessingManager.swift", [.continuedProcessing], .tool),
        ("ExportJob.swift", [.continuedProcessing], .user),
    ]
}
