import BackgroundTasks

/// An extension's own code: the Clock app depends on (embeds) this extension, but does not run it.
struct Cleanup {
    func schedule() throws {
        try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "app.example.clock.cleanup"))
    }
}
