import Foundation

/// How an identifier the app writes (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh` in its Info.plist, or
/// `"\(bundleIdentifier).refresh"` in code) compares with one bggen would generate, once expanded as Xcode expands
/// it with the target's build settings.
enum IdentifierComparison: Equatable {
    /// Equal in at least one configuration.
    case equal
    /// Different whatever the unknown variables hold.
    case different
    /// Variables nothing in the repository defines leave it open; `written` is the text with them kept.
    case unresolved(written: String, variables: [String])
}

extension AppTarget {
    /// `text` expanded with each configuration's settings, sorted by configuration name. A target read without
    /// settings still expands Xcode's built-in ones and lists the rest as unresolved.
    func expansions(of text: String) -> [SettingValue] {
        let settings = buildSettings.isEmpty
            ? [BuildSettings(layers: [], configuration: "Release", targetName: name, projectName: name)]
            : buildSettings.keys.sorted().map { buildSettings[$0]! }
        return settings.map { $0.expanding(text) }
    }

    /// Compares `written` with `identifier` after expansion. An entry with unknown variables is `unresolved` when
    /// its known parts still fit `identifier`, and never taken as different.
    func compare(_ written: String, with identifier: String) -> IdentifierComparison {
        let values = expansions(of: written)
        if values.contains(where: { $0.isFullyResolved && $0.resolved == identifier }) { return .equal }
        if let open = values.first(where: { !$0.isFullyResolved && Self.fits($0.resolved, identifier) }) {
            return .unresolved(written: written, variables: open.unresolvedVariables)
        }
        return .different
    }

    /// Whether `identifier` fits `pattern`, each variable reference left in it standing for any text.
    static func fits(_ pattern: String, _ identifier: String) -> Bool {
        BuildSettings.glob(glob(pattern), matches: identifier)
    }

    /// `pattern` with each variable reference a `*`, for `BuildSettings.glob`.
    static func glob(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: #"\$(\([^)]*\)|\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)"#, with: "*", options: .regularExpression)
    }
}
