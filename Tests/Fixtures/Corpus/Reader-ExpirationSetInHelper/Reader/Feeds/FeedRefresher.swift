import BackgroundTasks

final class FeedRefresher: @unchecked Sendable {
    static let shared = FeedRefresher()

    func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.reader.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 30 * 60)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("Could not schedule the refresh: \(error)")
        }
    }

    func handle(_ task: BGAppRefreshTask) {
        schedule()
        let work = Task {
            await refreshFeeds()
            task.setTaskCompleted(success: !Task.isCancelled)
        }
        task.expirationHandler = {
            work.cancel()
        }
    }

    private func refreshFeeds() async {}
}
