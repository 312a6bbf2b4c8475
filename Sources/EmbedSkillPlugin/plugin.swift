import Foundation
import PackagePlugin

/// Regenerates `EmbeddedSkill.swift` from `skills/bggen/` whenever the skill changes, so `bggen help --skill` prints
/// the repository's `SKILL.md` byte for byte and an installed binary carries it without the repository.
@main
struct EmbedSkill: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "skills/bggen")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSkill.swift")
        let inputs = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding the coding-agent skill",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [folder.path, output.path, "EmbeddedSkill"],
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
