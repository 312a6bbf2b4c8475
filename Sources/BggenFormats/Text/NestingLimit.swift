/// How deep any project file bggen reads may nest; real files nest fewer than 20 levels. The Swift lexer's
/// interpolations, the YAML flow and block readers, the OpenStep (pbxproj) parser and the xcconfig `#include` chain
/// descend by recursion, so the limit is what the deepest of them fits in a macOS secondary thread's 512 KiB stack
/// (the walk's Dispatch workers, Swift Testing's tasks) in a debug build, with half the stack to spare for arm64's
/// frames and the callers': measured on x86_64 at `-Onone`, the YAML flow reader needs about 3.2 KiB a level
/// (232 KiB at 64 levels, 656 KiB at 200) and the lexer 2.9 KiB (216 KiB at 64). `SmallStackTests` runs each reader
/// past the limit on a 512 KiB thread.
package enum NestingLimit {
    package static let maximum = 64
    package static let reason = "nesting too deep: more than \(maximum) levels"
}
