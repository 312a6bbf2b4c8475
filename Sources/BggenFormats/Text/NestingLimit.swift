/// How deep any project file bggen reads may nest. Every reader descends by recursion, so a hostile file of
/// 50,000 nested brackets would overflow the stack; real files nest fewer than 20 levels.
package enum NestingLimit {
    package static let maximum = 200
    package static let reason = "nesting too deep: more than \(maximum) levels"
}
