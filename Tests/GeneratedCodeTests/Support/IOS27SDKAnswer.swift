import BggenCore

/// Answers generated code's SDK switch (`IOS27SDK.condition`) as one SDK would, for a compile against the stubs.
///
/// The stubs have no `.tbd`, so the condition has no version to compare on Linux: bare it is false (the iOS 26
/// SDK's answer), and inside a platform guard swiftc warns that it ignores it. A test chooses the SDK it compiles
/// for by replacing the line with `#if true` (the iOS 27 SDK) or `#if false` (the iOS 26 SDK), the condition kept
/// in a comment. On a Mac, Apple's SDK decides.
enum IOS27SDKAnswer {
    /// `contents` with every switch answered, and how many switches there were.
    static func answering(_ contents: String, asIOS27SDK: Bool) -> (contents: String, switches: Int) {
        let line = "\n\(IOS27SDK.condition)\n"
        let pieces = contents.components(separatedBy: line)
        return (pieces.joined(separator: "\n#if \(asIOS27SDK) // \(IOS27SDK.condition)\n"), pieces.count - 1)
    }
}
