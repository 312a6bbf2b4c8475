import Foundation
import PackagePlugin

/// Regenerates a target's embedded files whenever one changes: BggenCore's templates (`Templates/`), and BggenCLI's
/// coding-agent skill (`skills/bggen/`, printed by `bggen help --skill`), so the binary carries both when copied alone.
@main
struct EmbedTemplates: BuildToolPlugin {
    /// Per target: the folder embedded, the Swift file written and the enum it declares.
    private static let embedded: [String: (folder: String, output: String, enumName: String)] = [
        "BggenCore": ("Templates", "EmbeddedTemplates.swift", "EmbeddedTemplates"),
        "BggenCLI": ("skills/bggen", "EmbeddedSkill.swift", "EmbeddedSkill"),
    ]

    struct UnknownTarget: Error, CustomStringConvertible {
        let name: String
        var description: String { "EmbedTemplates has nothing to embed for target \(name)" }
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let embedding = Self.embedded[target.name] else { throw UnknownTarget(name: target.name) }
        let folder = context.package.directoryURL.appending(path: embedding.folder)
        let output = context.pluginWorkDirectoryURL.appending(path: embedding.output)
        let inputs = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files of \(embedding.folder)",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [folder.path, output.path, embedding.enumName],
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
