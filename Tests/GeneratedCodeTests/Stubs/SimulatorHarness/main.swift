// The entry point of a simulator harness executable: this harness, a module that `@testable import`s the
// generated code's and HarnessKit, linked against the stub SDK. The checks run on a driver thread of their own; the
// main thread runs the main run loop, as UIApplicationMain does, so main-actor work really runs on the main thread.
// (`dispatchMain()` would not do: on Linux it exits the main thread and drains the main queue on a worker thread.)
//
// Usage: App <checks|app> <Info.plist path or -> [--grace s] [--expiry-grace s] [--timeout s]
@testable import App
import Foundation
@testable import HarnessKit

HarnessMain.start(arguments: CommandLine.arguments, checks: { ScenarioChecks.run() }, appChecks: { ScenarioChecks.runApp() })
while true {
    _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}
