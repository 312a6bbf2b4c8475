/// Every identifier the generated code uses, derived once from the bundle identifier.
///
/// The Swift configuration file and the Info.plist fragment both read from here, so the two cannot drift apart.
public struct Identifiers: Sendable, Equatable {
    public let appRefresh: String?
    public let processing: String?
    public let downloadSession: String?
    public let uploadSession: String?
    /// Continued-processing jobs get `<prefix>.<UUID>`; Info.plist permits `<prefix>.*`.
    public let continuedProcessingPrefix: String?

    /// The `BGTaskSchedulerPermittedIdentifiers` entries: task identifiers only, never session identifiers.
    public let permittedTaskIdentifiers: [String]
    /// `init --json`'s `identifiers` object: each chosen kind's identifier under its declared `TaskSpec.reportKey`.
    public let reported: [String: String]

    public init(_ configuration: Configuration) {
        let prefix = configuration.bundleIdentifier.description
        let chosen = TaskSpec.all.filter { configuration.includes($0.kind) }
        func identifier(_ kind: TaskKind) -> String? { chosen.first { $0.kind == kind }?.identifier(under: prefix) }
        appRefresh = identifier(.refresh)
        processing = identifier(.processing)
        downloadSession = identifier(.downloads)
        uploadSession = identifier(.uploads)
        continuedProcessingPrefix = identifier(.continuedProcessing)
        permittedTaskIdentifiers = chosen.compactMap { $0.permittedIdentifier(under: prefix) }
        reported = chosen.reduce(into: [:]) { reported, spec in
            if let key = spec.reportKey { reported[key] = spec.identifier(under: prefix) }
        }
    }
}

/// The `UIBackgroundModes` a configuration needs. Background URLSession transfers need none.
public func backgroundModes(for configuration: Configuration) -> [String] {
    TaskSpec.modes(for: configuration.tasks)
}
