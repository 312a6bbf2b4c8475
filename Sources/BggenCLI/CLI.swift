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
            console.writeError("error: \(error.description)\nSee '\(error.helpCommand)'.\n")
            return ExitStatus.usage
        } catch let error as AugmentError {
            console.writeError("error: \(error.description)\nSee 'bggen init --help'.\n")
            return error.isUsageError ? ExitStatus.usage : ExitStatus.failure
        } catch where error is ProjectError || error is PlistPatchError {
            // The app's own files could not be read as expected; planning stopped before any write.
            console.writeError("error: \(error) Nothing was changed.\n")
            return ExitStatus.failure
        } catch let error as PlanError {
            console.writeError("error: \(error.description)\n")
            if error.isUsageError {
                console.writeError("See 'bggen init --help'.\n")
                return ExitStatus.usage
            }
            return ExitStatus.failure
        } catch {
            console.writeError("error: \(error)\n")
            return ExitStatus.failure
        }
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
        case "help":
            switch rest {
            case []: console.writeOutput(HelpText.main)
            case ["init"]: console.writeOutput(HelpText.initCommand)
            default: throw UsageError("no help for '\(rest.joined(separator: " "))'; the only command is init.", helpCommand: "bggen --help")
            }
            return ExitStatus.success
        case "--help", "-h":
            console.writeOutput(HelpText.main)
            return ExitStatus.success
        case "--version":
            console.writeOutput("bggen \(HelpText.version)\n")
            return ExitStatus.success
        default:
            throw UsageError("unknown command '\(command)'; the command is init, as in 'bggen init --yes MyApp'.", helpCommand: "bggen --help")
        }
    }
}
