import BackgroundTasks

enum EmailWaitlist {
    static let legacyIdentifier = "com.duckduckgo.app.waitlistStatus"

    static func cancelLegacyTask() {
        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: legacyIdentifier)
    }
}
