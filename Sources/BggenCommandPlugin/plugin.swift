import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory bggen init …` (or `doctor …`) in a package that depends on
/// bggen: SwiftPM builds the `bggen` executable from source and this plugin runs it in the package's folder, with
/// the arguments exactly as given, so nothing has to be installed.
///
/// The plugin's standard input is SwiftPM's message channel, not the terminal, so bggen sees no terminal and asks
/// nothing: missing answers are an error naming the flags, as in any script (`--yes` takes the defaults). SwiftPM
/// passes all bggen prints, output and errors alike, to its own standard output.
@main
struct BggenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "bggen").url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // bggen has printed the reason already; SwiftPM prints this error and exits with status 1.
            throw BggenFailed(command: arguments.first ?? "", status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
        }
    }
}

/// The run failed; its status is in the message because SwiftPM ends every failed plugin with status 1.
struct BggenFailed: Error, CustomStringConvertible {
    let command: String
    let status: Int32
    let signalled: Bool
    var description: String { "bggen \(command) \(signalled ? "was stopped by signal" : "exited with status") \(status)" }
}
