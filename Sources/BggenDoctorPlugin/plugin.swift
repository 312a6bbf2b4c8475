import Foundation
import PackagePlugin

/// `swift package bggen-doctor [options]`: `bggen doctor` in the package's folder, without the write permission
/// the `bggen` command plugin must ask for because of `init`. SwiftPM grants permissions per plugin, before it runs
/// and without looking at the arguments, so a plugin that only reads is a plugin of its own.
@main
struct BggenDoctorCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try context.tool(named: "bggen").url
        process.arguments = ["doctor"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            // doctor has printed its findings or its reason; SwiftPM prints this and exits with status 1.
            throw DoctorFailed(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal)
        }
    }
}

/// Doctor's status (1 findings, 2 could not check, 64 usage) is in the message, since SwiftPM ends every failed
/// plugin with status 1.
struct DoctorFailed: Error, CustomStringConvertible {
    let status: Int32
    let signalled: Bool
    var description: String { "bggen doctor \(signalled ? "was stopped by signal" : "exited with status") \(status)" }
}
