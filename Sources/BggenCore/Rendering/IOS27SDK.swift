/// The line that tells generated code for a deployment target below iOS 27 which SDK builds it. iOS 27 deprecates
/// `BGTaskScheduler.submit(_:)` for `submitTaskRequest(_:completionHandler:)`, which only its SDK has: code built with
/// it submits with the replacement on iOS 27 and later and with `submit(_:)` before, code built with an earlier SDK
/// with `submit(_:)` everywhere, so the same files build without a warning in Xcode 26 and Xcode 27.
package enum IOS27SDK {
    /// True when the SDK is iOS 27's or later: it compares 2400 with the `current-version` of BackgroundTasks' `.tbd`
    /// in the SDK, which is 2109.120.16 in iOS 26.x and 2463.0.0.502.1 in iOS 27, the release that adds the
    /// replacement. Without a `.tbd` (the stub SDK on Linux) it is false, the iOS 26 SDK's answer.
    package static let condition = "#if canImport(BackgroundTasks, _underlyingVersion: 2400)"
}
