import BackgroundTasks

enum Syncer {
    static func handle(_ task: BGAppRefreshTask) {
        task.setTaskCompleted(success: true)
    }
}
