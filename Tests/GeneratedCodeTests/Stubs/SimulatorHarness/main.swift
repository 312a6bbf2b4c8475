// The entry point of a simulator harness executable: generated code + this harness, one module, linked against
// the stub SDK. The checks run on a driver thread of their own; the main thread services the main queue (the main
// actor), as UIKit's run loop would, so that main-actor work and hops to the main actor really happen.
//
// Usage: App <checks|app> <Info.plist path or -> [--grace seconds] [--timeout seconds]
import Foundation

HarnessMain.start(arguments: CommandLine.arguments)
dispatchMain()
