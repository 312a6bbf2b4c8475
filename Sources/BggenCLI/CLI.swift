import BggenCore
import Foundation

/// The command line: parses arguments, runs the command, and renders every error once, with its exit status.
public struct CLI {
    private let console: any Console
    private let fileSystem: any FileSystem

    public init(console: any Console = ProcessConsole(), fileSystem: any FileSystem = LocalFileSystem()) {
        self.console = console
        self.fileSystem = fileSystem
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch let error as UsageError {
            report(error.description, then: "See '\(error.helpCommand)'.")
            return ExitStatus.usage
        } catch let error as AugmentError {
            report(error.description, then: "See 'bggen init --help'.")
            return error.isUsageError ? ExitStatus.usage : ExitStatus.failure
        } catch where error is ProjectError || error is PlistPatchError {
            // The app's own files could not be read as expected; planning stopped before any write.
            report("\(error) Nothing was changed.")
            return ExitStatus.failure
        } catch let error as PlanError {
            report(error.description, then: error.isUsageError ? "See 'bggen init --help'." : nil)
            return error.isUsageError ? ExitStatus.usage : ExitStatus.failure
        } catch {
            report("\(error)")
            return ExitStatus.failure
        }
    }

    /// Every error message is one line: whatever the user typed or a file held is echoed with its control
    /// characters escaped, so a newline cannot split it and an escape sequence cannot clear the terminal.
    private func report(_ message: String, then hint: String? = nil) {
        let line = message.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        console.writeError("error: \(line)\n" + (hint.map { "\($0)\n" } ?? ""))
    }

    private func dispatch(_ arguments: [String]) throws -> Int32 {
        guard let command = arguments.first else {
            throw UsageError("no command given; run 'bggen init' to generate code.", helpCommand: "bggen --help")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "init":
            let options = try InitOptions.parse(rest)
            if options.help {
                console.writeOutput(HelpText.initCommand)
                return ExitStatus.success
            }
            return try InitCommand(console: console, fileSystem: fileSystem, options: options).run()
        case "doctor":
            let options = try DoctorOptions.parse(rest)
            if options.help {
                console.writeOutput(HelpText.doctorCommand)
                return ExitStatus.success
            }
            return try DoctorCommand(console: console, fileSystem: fileSystem, options: options).run()
        case "help":
            switch rest {
            case []: console.writeOutput(HelpText.main)
            case ["init"]: console.writeOutput(HelpText.initCommand)
            case ["doctor"]: console.writeOutput(HelpText.doctorCommand)
            default: throw UsageError("no help for '\(rest.joined(separator: " "))'; the commands are init and doctor.", helpCommand: "bggen --help")
            }
            return ExitStatus.success
        case "--help", "-h":
            console.writeOutput(HelpText.main)
            return ExitStatus.success
        case "--version":
            console.writeOutput("bggen \(HelpText.version)\n")
            return ExitStatus.success
        default:
            throw UsageError("unknown command '\(command)'; the commands are init, as in 'bggen init --yes MyApp', and doctor.", helpCommand: "bggen --help")
        }
    }
}
