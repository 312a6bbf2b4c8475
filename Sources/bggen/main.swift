import BggenCLI
import Foundation

AllocatorTuning.apply()
exit(CLI().run(Array(CommandLine.arguments.dropFirst())))
