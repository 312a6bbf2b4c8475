import BackgroundTasks

final class ExportController {
    static let taskIdentifier = "com.example.clips.export.video"

    func startExport(of clip: URL) {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.taskIdentifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.export(clip) { task.setTaskCompleted(success: $0) }
        }
        let request = BGContinuedProcessingTaskRequest(identifier: Self.taskIdentifier, title: "Exporting", subtitle: clip.lastPathComponent)
        try? BGTaskScheduler.shared.submit(request)
    }

    private func export(_ clip: URL, done: @escaping (Bool) -> Void) {
        done(true)
    }
}
