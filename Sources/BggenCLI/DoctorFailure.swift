import BggenFormats
import Foundation

/// What `bggen doctor` prints on stdout when it could not do its job, so a CI step that uploads or parses the
/// output gets a valid document saying so rather than an empty file.
enum DoctorFailure {
    /// bggen could not do its job (an unreadable file, no project): not the app's findings (1).
    static let exitStatus: Int32 = 2

    /// The machine format asked for, read from the raw arguments: a usage error may have stopped the parser.
    static func format(_ arguments: [String]) -> DoctorOptions.Format? {
        let options = arguments.dropFirst().prefix { $0 != "--" }
        let value = options.lazy.compactMap { $0.hasPrefix("--format=") ? String($0.dropFirst(9)) : nil }.first
            ?? zip(options, options.dropFirst()).first { $0.0 == "--format" }?.1
        return value.flatMap(DoctorOptions.Format.init(rawValue:)).flatMap { [.sarif, .github].contains($0) ? $0 : nil }
    }

    static func document(_ format: DoctorOptions.Format, message: String, exitStatus: Int32) -> String {
        switch format {
        case .github: "::error title=bggen doctor::\(DoctorOutput.githubMessage(message))\n"
        default: sarif(message: message, exitStatus: exitStatus)
        }
    }

    /// SARIF 2.1.0 with no results and the failure as the invocation's `toolExecutionNotifications`.
    static func sarif(message: String, exitStatus: Int32) -> String {
        struct Text: Encodable { let text: String }
        struct Driver: Encodable {
            let name = "bggen"
            let version = HelpText.version
        }
        struct Tool: Encodable { let driver = Driver() }
        struct Notification: Encodable {
            let level = "error"
            let message: Text
        }
        struct Invocation: Encodable {
            let executionSuccessful = false
            let exitCode: Int32
            let toolExecutionNotifications: [Notification]
        }
        struct Run: Encodable {
            let tool = Tool()
            let invocations: [Invocation]
            let results: [String] = []
        }
        struct Log: Encodable {
            let version = "2.1.0"
            let schema = "https://json.schemastore.org/sarif-2.1.0.json"
            let runs: [Run]
            enum CodingKeys: String, CodingKey {
                case version
                case schema = "$schema"
                case runs
            }
        }
        let run = Run(invocations: [.init(exitCode: exitStatus, toolExecutionNotifications: [.init(message: .init(text: message))])])
        return JSONOutput.document(Log(runs: [run]))
    }
}
