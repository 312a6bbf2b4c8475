// What iOS keeps of an unfinished background transfer when the app's process ends, and hands to the relaunched
// app's session: the task's identifier, request (headers included), description and begin date, and for an upload
// its file. Nothing else of the old task object survives. Codable, so a simulated relaunch can also be a new
// process (SimulatedTransferDaemon.saveKeptTransfers / restoreKeptTransfers).
import Foundation

struct KeptTransfer: Codable {
    enum Kind: String, Codable {
        case download
        case upload
    }

    let taskIdentifier: Int
    let sessionIdentifier: String?
    let kind: Kind
    let url: URL?
    let method: String?
    let headers: [String: String]?
    let taskDescription: String?
    let earliestBeginDate: Date?
    let file: URL?

    init(task: URLSessionTask, sessionIdentifier: String?, file: URL?) {
        taskIdentifier = task.taskIdentifier
        self.sessionIdentifier = sessionIdentifier
        kind = task is URLSessionUploadTask ? .upload : .download
        url = task.originalRequest?.url
        method = task.originalRequest?.httpMethod
        headers = task.originalRequest?.allHTTPHeaderFields
        taskDescription = task.taskDescription
        earliestBeginDate = task.earliestBeginDate
        self.file = file
    }

    /// The task the relaunched app's session gets: a new, running object with what was kept.
    func recreatedTask() -> URLSessionTask {
        var request = url.map { URLRequest(url: $0) }
        request?.httpMethod = method
        request?.allHTTPHeaderFields = headers
        let task: URLSessionTask = switch kind {
        case .download:
            URLSessionDownloadTask(recreatedIdentifier: taskIdentifier, sessionIdentifier: sessionIdentifier, request: request)
        case .upload:
            URLSessionUploadTask(recreatedIdentifier: taskIdentifier, sessionIdentifier: sessionIdentifier, request: request)
        }
        task.taskDescription = taskDescription
        task.earliestBeginDate = earliestBeginDate
        task.setSimulatedState(.running)
        return task
    }
}
