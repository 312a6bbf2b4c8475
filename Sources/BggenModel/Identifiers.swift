/// Every identifier the generated code uses, derived once from the bundle identifier.
///
/// The Swift configuration file and the Info.plist fragment both read from here, so the two cannot drift apart.
public struct Identifiers: Sendable {
    /// Each chosen kind's identifier (`TaskSpec.identifier(under:)`), keyed by its kind; a continued-processing
    /// job gets `<prefix>.<UUID>` under its kind's, and Info.plist permits `<prefix>.*`.
    private let byKind: [TaskKind: String]
    /// The `BGTaskSchedulerPermittedIdentifiers` entries: task identifiers only, never session identifiers.
    public let permittedTaskIdentifiers: [String]
    /// `init --json`'s `identifiers` object: each chosen kind's identifier under its declared `TaskSpec.Identifier.reportKey`.
    public let reported: [String: String]
    /// The chosen kinds with an identifier, in `TaskKind`'s order, each with it.
    public let chosen: [Chosen]

    /// A chosen kind's identifier, with its declaration.
    public struct Chosen: Sendable {
        public let kind: TaskKind
        public let declared: TaskSpec.Identifier
        /// Under the app's bundle identifier: `com.example.app.refresh`.
        public let value: String
    }

    public init(_ configuration: Configuration) {
        let prefix = configuration.bundleIdentifier.description
        let specs = TaskSpec.all.filter { configuration.includes($0.kind) }
        chosen = specs.compactMap { spec in
            guard let declared = spec.identifier, let value = spec.identifier(under: prefix) else { return nil }
            return Chosen(kind: spec.kind, declared: declared, value: value)
        }
        byKind = Dictionary(uniqueKeysWithValues: chosen.map { ($0.kind, $0.value) })
        permittedTaskIdentifiers = specs.compactMap { $0.permittedIdentifier(under: prefix) }
        reported = chosen.reduce(into: [:]) { reported, each in
            if let key = each.declared.reportKey { reported[key] = each.value }
        }
    }

    /// The identifier of `kind`, when it is chosen and has one: `identifiers[.refresh]`.
    public subscript(kind: TaskKind) -> String? { byKind[kind] }
}

/// The `UIBackgroundModes` a configuration needs. Background URLSession transfers need none.
public func backgroundModes(for configuration: Configuration) -> [String] {
    TaskSpec.modes(for: configuration.tasks)
}
