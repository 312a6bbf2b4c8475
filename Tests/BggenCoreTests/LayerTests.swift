import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// The targets are layers: formats, then the model, then Core, then the command line, each using only the ones
/// before it. Package.swift and each file's imports say so, and inside Core no two folders use each other.
@Suite("Layers")
struct LayerTests {
    /// Lowest first; each may depend on, and import, only those before it.
    static let layers = ["BggenFormats", "BggenModel", "BggenCore", "BggenCLI", "bggen"]

    @Test func eachTargetDependsOnlyOnTheLayersBeforeIt() throws {
        let manifest = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"[tT]arget\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
        // A C header module (`.systemLibrary`, <malloc.h>) is below every layer, as the system's own modules are.
        let systemModules = Set(manifest.matches(of: try Regex(#"\.systemLibrary\(name: "(\w+)""#)).compactMap { $0.output[1].substring.map(String.init) })
        // The names quoted in a list: a plain `"BggenCLI"` and a conditional `.target(name: "GlibcMalloc", …)`.
        let quoted = try Regex(#""(\w+)""#)
        var found: [String: [String]] = [:]
        for match in manifest.matches(of: target) {
            let name = String(try #require(match.output[1].substring))
            let dependencies = match.output[2].substring.map { list in
                list.matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) }
            }
            found[name] = dependencies ?? []
        }
        for (index, layer) in Self.layers.enumerated() {
            let dependencies = try #require(found[layer], "Package.swift has no target \(layer)")
            for dependency in dependencies where !systemModules.contains(dependency) {
                let below = Self.layers.firstIndex(of: dependency).map { $0 < index } ?? false
                #expect(below, "\(layer) depends on \(dependency), which is not a layer before it")
            }
        }
    }

    @Test func noSourceFileImportsAHigherLayer() throws {
        let importLine = try Regex(#"^(?:@\w+ )*import (\w+)"#).anchorsMatchLineEndings()
        for (index, layer) in Self.layers.enumerated() {
            let files = try Self.swiftFiles(in: "Sources/\(layer)")
            #expect(!files.isEmpty, "no Swift files in Sources/\(layer)")
            for (path, text) in files {
                for match in text.matches(of: importLine) {
                    let module = String(try #require(match.output[1].substring))
                    guard let imported = Self.layers.firstIndex(of: module) else { continue }
                    #expect(imported < index, "\(path) imports \(module), which is not a layer below \(layer)")
                }
            }
        }
    }

    @Test func noTwoCoreFoldersUseEachOther() throws {
        let uses = try Self.folderUses(in: "Sources/BggenCore")
        for (folder, used) in uses {
            for (other, names) in used where folder < other {
                if let back = uses[other]?[folder] {
                    Issue.record("Core folders \(folder) and \(other) use each other: \(folder) uses \(names.sorted().joined(separator: ", ")); \(other) uses \(back.sorted().joined(separator: ", "))")
                }
            }
        }
    }

    /// Each Core folder's uses of the names other folders declare: top-level declarations, and members that
    /// extensions add (`AnswersFile.decode`), read with bggen's own lexer so comments and strings do not count.
    static func folderUses(in path: String) throws -> [String: [String: Set<String>]] {
        let files = try swiftFiles(in: path).map { (folder: $0.path.split(separator: "/").dropLast().first.map(String.init) ?? ".",
                                                    tokens: try tokens($0.text)) }
        let declarations = ["struct", "class", "enum", "protocol", "actor", "typealias", "func", "let", "var"]
        var owner: [String: String] = [:]
        for file in files {
            var depth = 0
            var extended: String?
            for (index, token) in file.tokens.enumerated() {
                if token.text == "{" && token.kind == .punctuation { depth += 1 }
                if token.text == "}" && token.kind == .punctuation {
                    depth -= 1
                    if depth == 0 { extended = nil }
                }
                guard token.kind == .identifier, index + 1 < file.tokens.count, file.tokens[index + 1].kind == .identifier else { continue }
                let name = file.tokens[index + 1].text
                if depth == 0 && token.text == "extension" { extended = name }
                guard declarations.contains(token.text) else { continue }
                let modifiers = file.tokens[..<index].suffix(3).map(\.text)
                if modifiers.contains("private") || modifiers.contains("fileprivate") { continue }
                if depth == 0 { owner[name] = file.folder }
                if depth == 1, let extended { owner["\(extended).\(name)"] = file.folder }
            }
        }
        var uses: [String: [String: Set<String>]] = [:]
        for file in files {
            let identifiers = file.tokens.filter { $0.kind == .identifier }.map(\.text)
            let qualified = file.tokens.indices.dropLast(2).compactMap { index -> String? in
                let (type, dot, member) = (file.tokens[index], file.tokens[index + 1], file.tokens[index + 2])
                return type.kind == .identifier && dot.text == "." && member.kind == .identifier ? "\(type.text).\(member.text)" : nil
            }
            for name in Set(identifiers + qualified) {
                guard let folder = owner[name], folder != file.folder else { continue }
                uses[file.folder, default: [:]][folder, default: []].insert(name)
            }
        }
        return uses
    }

    /// The tokens of the file and of every string interpolation in it.
    static func tokens(_ text: String) throws -> [SourceToken] {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        return try tokens.flatMap { token in [token] + (try token.interpolations.flatMap { try Self.tokens($0) }) }
    }

    /// Every Swift file below `path` (relative to the repository), as its path relative to `path` and its text.
    static func swiftFiles(in path: String) throws -> [(path: String, text: String)] {
        let folder = RepositoryPaths.root.appendingPathComponent(path)
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return try walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            (path: $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }
}
