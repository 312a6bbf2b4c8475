import BackgroundTasks

final class OCRJob {
    static let taskIdentifier = "documents.ocr.page"

    func recognize(pages: [URL]) {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.taskIdentifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.run(pages) { task.setTaskCompleted(success: $0) }
        }
        let request = BGContinuedProcessingTaskRequest(identifier: Self.taskIdentifier, title: "Recognizing text", subtitle: "\(pages.count) pages")
        try? BGTaskScheduler.shared.submit(request)
    }

    private func run(_ pages: [URL], done: @escaping (Bool) -> Void) {
        done(true)
    }
}
