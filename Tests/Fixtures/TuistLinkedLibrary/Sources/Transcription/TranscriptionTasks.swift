import BackgroundTasks

/// Continued-processing transcriptions the person starts; registered when each starts, as iOS allows for them.
public final class TranscriptionTasks {
    public init() {}

    public func start(id: String) throws {
        let identifier = "app.example.tone.transcription.\(id)"
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
        let request = BGContinuedProcessingTaskRequest(identifier: identifier, title: "Transcribing", subtitle: id)
        try BGTaskScheduler.shared.submit(request)
    }
}
