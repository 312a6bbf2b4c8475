import Transcription

public final class AppService {
    private let transcriptions = TranscriptionTasks()

    public init() {}

    public func transcribe(id: String) throws {
        try transcriptions.start(id: id)
    }
}
