import BackgroundTasks

final class RenderJob {
    static let identifier = "com.example.render.export"
    nonisolated(unsafe) static var current: RenderJob?

    func start() {
        RenderJob.current = self
        let request = BGContinuedProcessingTaskRequest(identifier: RenderJob.identifier, title: "Rendering", subtitle: "Movie")
        request.strategy = .fail
        try? BGTaskScheduler.shared.submit(request)
    }

    func run(_ task: BGTask) {
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        task.setTaskCompleted(success: true)
    }
}
