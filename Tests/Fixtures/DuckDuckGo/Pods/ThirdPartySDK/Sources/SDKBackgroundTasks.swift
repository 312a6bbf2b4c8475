import BackgroundTasks

// Vendored code: detection must never read this folder.
enum SDKBackgroundTasks {
    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.thirdparty.sdk.refresh", using: nil) { _ in }
    }
}
