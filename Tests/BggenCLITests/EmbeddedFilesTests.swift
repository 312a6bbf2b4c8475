@testable import BggenCLI
@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The templates and the skill are compiled into the binary from Swift files kept in the repository
/// (`swift run TemplateEmbedder` writes them); Templates/ and skills/bggen/ stay the one source of truth because this
/// fails as soon as a generated file and its folder differ.
@Suite("The embedded templates and skill match their folders")
struct EmbeddedFilesTests {
    private static let regenerate = "run `swift run TemplateEmbedder` to regenerate it"

    /// The files of `folder` by name, as the generator reads them.
    private func files(in folder: String) throws -> [String: String] {
        let url = RepositoryPaths.root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }
        return try Dictionary(uniqueKeysWithValues: names.map {
            ($0, try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8))
        })
    }

    /// What differs between an embedded table and its folder, one line per file.
    private func differences(embedded: [String: String], folder: [String: String]) -> [String] {
        Set(embedded.keys).union(folder.keys).sorted().compactMap { name in
            switch (embedded[name], folder[name]) {
            case (nil, _): "\(name) is not embedded"
            case (_, nil): "\(name) is embedded but no longer in the folder"
            case let (embedded?, file?) where embedded != file: "\(name) differs"
            default: nil
            }
        }
    }

    @Test func theEmbeddedTemplatesAreTemplatesFolder() throws {
        let differences = differences(embedded: EmbeddedTemplates.files, folder: try files(in: "Templates"))
        #expect(differences.isEmpty, "Sources/BggenCore/Rendering/EmbeddedTemplates.swift is stale (\(differences.joined(separator: "; "))): \(Self.regenerate)")
    }

    @Test func theEmbeddedSkillIsSkillsFolder() throws {
        let differences = differences(embedded: EmbeddedSkill.files, folder: try files(in: "skills/bggen"))
        #expect(differences.isEmpty, "Sources/BggenCLI/EmbeddedSkill.swift is stale (\(differences.joined(separator: "; "))): \(Self.regenerate)")
    }
}
