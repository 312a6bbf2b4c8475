// What the download and upload checks share: waiting on a recording handler, and the retries of a transfer that
// fails in every relaunch.
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

/// A handler that records what the generated delegate tells the app and fires `activity` at each call.
nonisolated protocol TransferRecording: AnyObject, Sendable {
    var activity: SimulatorSignal { get }
}

nonisolated extension TransferRecording {
    /// Waits until `condition` holds, re-checking whenever the handler hears something.
    func wait(timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let fired = activity.fireCount
            if condition() { return true }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, activity.wait(times: fired + 1, timeout: remaining) else { return condition() }
        }
    }
}

nonisolated enum TransferChecks {
    /// A transfer of `url` that times out in every relaunch, each failure reaching a new process: its retries stop
    /// at `limit` whatever process gets the failure, each may begin later than the one before, and the handler hears
    /// of exactly one failure (`failures`) and no finish (`finishes`). `relaunch` terminates the app and creates the
    /// new process's manager; `start` starts the transfer with the current one. `noun` ("download", "upload") and
    /// `callback` (the handler's failure method) name them in the messages.
    static func failingInEveryRelaunch(
        _ context: CheckContext, noun: String, callback: String, url: URL, limit: Int, recorder: some TransferRecording,
        relaunch: () -> Void, start: () throws -> URLSessionTask,
        failures: @escaping () -> Int, finishes: @escaping () -> Int
    ) throws {
        let daemon = SimulatedTransferDaemon.shared
        let timeout = HarnessSettings.timeout
        relaunch()
        var task = try start()
        // How long after each failure its retry may begin.
        var delays: [TimeInterval] = []
        for _ in 0..<(limit + 5) {
            relaunch()
            let kept = try unwrap(
                daemon.waitForResumedTask(where: { candidate, _, _ in candidate.taskIdentifier == task.taskIdentifier }, timeout: timeout),
                "the relaunched app's session did not get the \(noun) back"
            )
            let failedAt = Date()
            daemon.simulateFailure(of: kept, code: .timedOut, withResumeData: false)
            if failures() > 0 { break }
            guard let retry = daemon.waitForResumedTask(
                where: { candidate, _, _ in candidate.taskIdentifier != kept.taskIdentifier && candidate.originalRequest?.url == url },
                timeout: timeout
            ) else { break }
            let begin = try unwrap(retry.earliestBeginDate, "retry \(delays.count + 1) has no earliestBeginDate, so it begins at once")
            delays.append(begin.timeIntervalSince(failedAt))
            task = retry
        }
        let article = noun.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        try require(
            delays.count == limit,
            "\(article) \(noun) that timed out in every relaunch was retried \(delays.count) times; the limit is \(limit), whatever process gets the failure"
        )
        try require(
            delays[0] > 0 && zip(delays, delays.dropFirst()).allSatisfy { $0 < $1 },
            "the retries do not back off: they may begin \(delays.map { Int($0) }) s after each failure"
        )
        try require(failures() == 1, "\(callback) was called \(failures()) times")
        context.watchForRepeat { grace in recorder.wait(timeout: grace) { failures() > 1 } }
        context.atAudit {
            try require(
                failures() == 1 && finishes() == 0,
                "after the last retry: \(failures()) failures, \(finishes()) finishes; expected exactly one failure"
            )
        }
    }
}
