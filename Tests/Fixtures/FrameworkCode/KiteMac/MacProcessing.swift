import BackgroundTasks

/// The macOS app's own work, which the iOS app does not compile.
enum MacProcessing {
    static let request = BGProcessingTaskRequest(identifier: "com.kiteapp.mac.processing")
}
