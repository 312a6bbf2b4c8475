import Foundation
import PackagePlugin

/// Runs `bggen doctor --format xcode` when the target it is applied to builds, so each finding is a
/// `path:line:column: warning: …` line: SwiftPM prints it in the build log and Xcode puts it in the issue navigator,
/// as SwiftLint's build-tool plugin does.
///
/// The command declares no outputs: Xcode runs such a command on every build; SwiftPM 6.3 on Linux runs it on the
/// first build and again when one of the target's files (its inputs) changes. It reads the package and writes
/// nothing, so it needs no permission. A finding at error level (`--fail-on error`, doctor's default) fails the build, as a compiler error
/// would; so does a repository doctor cannot read (exit status 2), with its one-line reason.
@main
struct BggenBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // doctor reads the whole package; a target without sources (a binary target) has nothing of its own.
        guard let module = target as? SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles.map(\.url) + [context.package.directoryURL.appending(path: "Package.swift")]
        return [Self.doctor(tool: try context.tool(named: "bggen").url, folder: context.package.directoryURL, arguments: [],
                            inputs: inputs, target: target.name)]
    }

    /// The one command both hosts run: doctor on `folder`, limited by `arguments` (`--target=NAME` in Xcode), again
    /// whenever one of `inputs` (the target's files) changes.
    static func doctor(tool: URL, folder: URL, arguments: [String], inputs: [URL], target: String) -> Command {
        .buildCommand(displayName: "bggen doctor (\(target))", executable: tool,
                      arguments: ["doctor", "--format", "xcode"] + arguments + [folder.path], inputFiles: inputs, outputFiles: [])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In an Xcode project: an app target is audited alone (`--target=NAME`, one argument, so a target named like an
/// option, `-h`, is still read as the name); any other target (a framework, an extension) gets the audit of every
/// app target in the project, since its code is theirs.
extension BggenBuildTool: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let app = target.product?.kind == .application
        return [Self.doctor(tool: try context.tool(named: "bggen").url, folder: context.xcodeProject.directoryURL,
                            arguments: app ? ["--target=\(target.displayName)"] : [], inputs: target.inputFiles.map(\.url),
                            target: target.displayName)]
    }
}
#endif
