import BggenFormats

/// Reads the iOS version from a `Package.swift` `platforms:` list: `.iOS(.v16)`, `.iOS(.v17_4)` or `.iOS("16.4")`,
/// and the folders its targets compile.
enum PackageManifestReader {
    static func iOSVersion(in text: String) throws(SourceSyntaxError) -> String? {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        guard let platforms = tokens.firstIndex(where: { $0.kind == .identifier && $0.text == "platforms" }) else { return nil }
        var index = platforms
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index].text == ".", tokens[index + 1].text == "iOS", tokens[index + 2].text == "(" else { continue }
            guard index + 3 < tokens.count else { return nil }
            let argument = tokens[index + 3]
            if argument.kind == .string { return argument.text }
            if argument.text == ".", index + 4 < tokens.count, tokens[index + 4].text.hasPrefix("v") {
                let parts = tokens[index + 4].text.dropFirst().split(separator: "_")
                return parts.count == 1 ? "\(parts[0]).0" : parts.joined(separator: ".")
            }
            return nil
        }
        return nil
    }

    /// The platforms a `platforms:` list names (`.iOS(.v16), .macOS(.v13)` gives iOS and macOS); nil without one.
    static func platforms(in text: String) throws(SourceSyntaxError) -> [String]? {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        guard let start = tokens.firstIndex(where: { $0.kind == .identifier && $0.text == "platforms" }),
              start + 2 < tokens.count, tokens[start + 1].text == ":", tokens[start + 2].text == "[" else { return nil }
        var names: [String] = []
        var depth = 0
        for index in (start + 2)..<tokens.count {
            let text = tokens[index].text
            if text == "[" || text == "(" { depth += 1 }
            if text == "]" || text == ")" { depth -= 1 }
            if depth == 0 { break }
            if depth == 1, text == ".", index + 1 < tokens.count, tokens[index + 1].kind == .identifier { names.append(tokens[index + 1].text) }
        }
        return names
    }

    /// The folder each target compiles: its `path:`, else SwiftPM's `Sources/NAME` (`Tests/NAME` for a test
    /// target). Targets declared through helper functions are not seen, so a caller says "may not".
    static func targetFolders(in text: String) throws(SourceSyntaxError) -> [String] {
        try targets(in: text).map(\.folder)
    }

    /// A target a `Package.swift` declares with literal arguments.
    struct Target: Sendable, Equatable {
        var name: String
        /// `target`, `executableTarget`, `testTarget`, `macro` or `plugin`.
        var kind: String
        var folder: String
        /// The targets of this package it depends on: `"Core"`, `.target(name: "Core")`, `.byName(name: "Core")`;
        /// never a `.product` of another package.
        var dependencies: [String]
    }

    static func targets(in text: String) throws(SourceSyntaxError) -> [Target] {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let kinds = ["target", "executableTarget", "testTarget", "macro", "plugin"]
        var targets: [Target] = []
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index].text == ".", kinds.contains(tokens[index + 1].text), tokens[index + 2].text == "(" else { continue }
            var depth = 0
            var name: String?
            var path: String?
            var dependencies: [String] = []
            var inDependencies = false
            var cursor = index + 2
            while cursor < tokens.count {
                let text = tokens[cursor].text
                let isString = tokens[cursor].kind == .string
                if !isString && (text == "(" || text == "[") { depth += 1 }
                if !isString && (text == ")" || text == "]") {
                    depth -= 1
                    if depth == 0 { break }
                    if depth == 1 { inDependencies = false }
                }
                if depth == 1, cursor + 2 < tokens.count, tokens[cursor + 1].text == ":" {
                    if text == "dependencies" { inDependencies = true }
                    if tokens[cursor + 2].kind == .string {
                        if text == "name" && name == nil { name = tokens[cursor + 2].text }
                        if text == "path" { path = tokens[cursor + 2].text }
                    }
                }
                if inDependencies, isString, depth == 2 {
                    dependencies.append(text)
                } else if inDependencies, depth == 2, TokenPattern.matches(tokens, at: cursor, [".", "target", "(", "name", ":"])
                            || TokenPattern.matches(tokens, at: cursor, [".", "byName", "(", "name", ":"]),
                          cursor + 5 < tokens.count, tokens[cursor + 5].kind == .string {
                    dependencies.append(tokens[cursor + 5].text)
                }
                cursor += 1
            }
            if let name {
                let kind = tokens[index + 1].text
                targets.append(Target(name: name, kind: kind, folder: path ?? "\(kind == "testTarget" ? "Tests" : "Sources")/\(name)",
                                      dependencies: dependencies))
            }
            index = cursor
        }
        return targets
    }
}
