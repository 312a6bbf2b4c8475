import BackgroundTasks

final class SyncEngine {
    static let identifier = "com.example.sync.refresh"
    private let isPreview: Bool

    init() {
        isPreview = false
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.identifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
    }

    /// An engine for SwiftUI previews and the settings screen's sample, which never touches the scheduler.
    init(preview: Bool) {
        isPreview = preview
    }

    func schedule() {
        guard !isPreview else { return }
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Self.identifier))
    }
}
