// Probes each rule of the simulated system with hand-written code, independent of bggen's output: the rule must
// fire for the mistake and stay quiet for the correct call. Prints `RULE <name> ok` or `RULE <name> WRONG: …`.
@_spi(Simulator) import BackgroundTasks
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

let device = SimulatedDevice.shared
let scheduler = BGTaskScheduler.shared
let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>BGTaskSchedulerPermittedIdentifiers</key>
        <array>
            <string>probe.refresh</string>
            <string>probe.refresh2</string>
            <string>probe.processing</string>
            <string>probe.unregistered</string>
            <string>probe.export.*</string>
        </array>
        <key>UIBackgroundModes</key>
        <array><string>fetch</string><string>processing</string></array>
    </dict>
    </plist>
    """
try! device.configure(infoPlist: Data(plist.utf8))
device.expiryGrace = 0.2

nonisolated func probe(_ name: String, _ body: () throws -> String?) {
    let reason: String?
    do { reason = try body() } catch { reason = "threw \(error)" }
    FileHandle.standardOutput.write(Data("RULE \(name) \(reason.map { "WRONG: \($0)" } ?? "ok")\n".utf8))
}

/// The rules broken while running `body`.
nonisolated func violations(_ body: () throws -> Void) rethrows -> [String] {
    let before = SimulatedDevice.shared.violations.count
    try body()
    return SimulatedDevice.shared.violations.dropFirst(before).map(\.rule)
}

/// Submits on the calling thread; the probes run on the main thread, where submitting is itself a mistake.
nonisolated func submitErrorOnThisThread(_ request: BGTaskRequest) -> BGTaskScheduler.Error.Code? {
    do {
        try BGTaskScheduler.shared.submit(request)
        return nil
    } catch let error as BGTaskScheduler.Error {
        return error.code
    } catch {
        return nil
    }
}

/// Submits on a thread of its own, as apps should, and waits. (A GCD `sync` would run on the main thread.)
nonisolated func submitError(_ request: BGTaskRequest) -> BGTaskScheduler.Error.Code? {
    nonisolated(unsafe) let request = request
    nonisolated(unsafe) var code: BGTaskScheduler.Error.Code?
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        code = submitErrorOnThisThread(request)
        done.signal()
    }
    done.wait()
    return code
}

// Launch handlers must not be closures written here: top-level code is main-actor isolated, and the system calls
// handlers on its own queue (pitfall 8 would trap, as it does in apps).
nonisolated func complete(_ task: BGTask) { task.setTaskCompleted(success: true) }
nonisolated func forget(_ task: BGTask) {}

// MARK: Registration

probe("register-unlisted-returns-false") {
    var result = true
    let broken = violations { result = scheduler.register(forTaskWithIdentifier: "probe.not-listed", using: nil, launchHandler: complete) }
    return !result && broken.isEmpty ? nil : "returned \(result), violations \(broken)"
}
probe("register-listed-returns-true") {
    var result = false
    let broken = violations {
        result = scheduler.register(forTaskWithIdentifier: "probe.refresh", using: nil, launchHandler: complete)
            && scheduler.register(forTaskWithIdentifier: "probe.refresh2", using: nil, launchHandler: complete)
            && scheduler.register(forTaskWithIdentifier: "probe.processing", using: nil, launchHandler: complete)
    }
    return result && broken.isEmpty ? nil : "returned \(result), violations \(broken)"
}
probe("register-twice-is-a-violation") {
    let broken = violations { _ = scheduler.register(forTaskWithIdentifier: "probe.refresh", using: nil, launchHandler: complete) }
    return broken == ["bgtask.register-twice"] ? nil : "violations \(broken)"
}
probe("submit-without-handler-is-a-violation") {
    let broken = violations { _ = submitError(BGAppRefreshTaskRequest(identifier: "probe.unregistered")) }
    return broken == ["bgtask.submit-without-handler"] ? nil : "violations \(broken)"
}
probe("submit-on-main-thread-is-a-violation") {
    let broken = violations { _ = submitErrorOnThisThread(BGAppRefreshTaskRequest(identifier: "probe.refresh")) }
    return broken == ["bgtask.submit-on-main-thread"] ? nil : "violations \(broken)"
}
probe("submit-off-main-thread-is-fine") {
    let broken = violations { _ = submitError(BGAppRefreshTaskRequest(identifier: "probe.refresh")) }
    return broken.isEmpty ? nil : "violations \(broken)"
}
probe("submit-task-request-on-main-thread-is-a-violation") {
    let broken = violations { scheduler.submitTaskRequest(BGAppRefreshTaskRequest(identifier: "probe.refresh")) { _ in } }
    return broken == ["bgtask.submit-on-main-thread"] ? nil : "violations \(broken)"
}
probe("every-permitted-identifier-needs-a-handler") {
    let broken = violations { scheduler.simulateLaunchFinished() }
    return broken == ["bgtask.permitted-identifier-without-handler"] ? nil : "violations \(broken)"
}
probe("register-after-launch-is-a-violation") {
    let broken = violations { _ = scheduler.register(forTaskWithIdentifier: "probe.unregistered", using: nil, launchHandler: complete) }
    return broken == ["bgtask.register-after-launch"] ? nil : "violations \(broken)"
}
probe("continued-processing-may-register-after-launch-by-wildcard") {
    var result = false
    let broken = violations { result = scheduler.register(forTaskWithIdentifier: "probe.export.job-1", using: nil, launchHandler: complete) }
    return result && broken.isEmpty ? nil : "returned \(result), violations \(broken)"
}
probe("wildcard-does-not-match-other-prefixes") {
    device.matchesWildcard("probe.exporter.1") || device.matchesWildcard("probe.export.") || !device.matchesWildcard("probe.export.a.b")
        ? "wildcard matching is wrong" : nil
}

// MARK: Submission

probe("submit-unlisted-is-notPermitted") {
    submitError(BGAppRefreshTaskRequest(identifier: "probe.not-listed")) == .notPermitted ? nil : "no notPermitted"
}
probe("wildcard-is-only-for-continued-processing") {
    submitError(BGProcessingTaskRequest(identifier: "probe.export.job-1")) == .notPermitted ? nil : "a processing request matched a wildcard"
}
probe("submit-without-background-mode-is-notPermitted") {
    try device.configure(infoPlist: Data(plist.replacingOccurrences(of: "<string>fetch</string>", with: "").utf8))
    defer { try? device.configure(infoPlist: Data(plist.utf8)) }
    let refresh = submitError(BGAppRefreshTaskRequest(identifier: "probe.refresh"))
    let processing = submitError(BGProcessingTaskRequest(identifier: "probe.processing"))
    return refresh == .notPermitted && processing == nil ? nil : "refresh: \(String(describing: refresh)), processing: \(String(describing: processing))"
}
probe("one-pending-refresh") {
    scheduler.cancelAllTaskRequests()
    let first = submitError(BGAppRefreshTaskRequest(identifier: "probe.refresh"))
    let second = submitError(BGAppRefreshTaskRequest(identifier: "probe.refresh2"))
    return first == nil && second == .tooManyPendingTaskRequests ? nil : "first: \(String(describing: first)), second: \(String(describing: second))"
}
probe("same-identifier-replaces-pending-request") {
    scheduler.cancelAllTaskRequests()
    let request = BGAppRefreshTaskRequest(identifier: "probe.refresh")
    request.earliestBeginDate = Date(timeIntervalSinceNow: 60)
    let first = submitError(request)
    request.earliestBeginDate = Date(timeIntervalSinceNow: 120)
    let second = submitError(request)
    let pending = scheduler.simulatedPendingRequests
    return first == nil && second == nil && pending.count == 1
        && abs((pending[0].request.earliestBeginDate?.timeIntervalSinceNow ?? 0) - 120) < 5
        ? nil : "pending \(pending.map(\.request.identifier))"
}
probe("ten-pending-processing-requests") {
    scheduler.cancelAllTaskRequests()
    let identifiers = (0..<11).map { "probe.export.limit-\($0)" }
    for identifier in identifiers {
        _ = scheduler.register(forTaskWithIdentifier: identifier, using: nil, launchHandler: complete)
    }
    let errors = identifiers.map { identifier -> BGTaskScheduler.Error.Code? in
        let request = BGContinuedProcessingTaskRequest(identifier: identifier, title: "t", subtitle: "s")
        return submitError(request)
    }
    return errors.prefix(10).allSatisfy { $0 == nil } && errors[10] == .tooManyPendingTaskRequests ? nil : "errors \(errors)"
}

// MARK: Launch and expiry

probe("launch-handler-runs-on-a-system-queue") {
    scheduler.cancelAllTaskRequests()
    _ = submitError(BGProcessingTaskRequest(identifier: "probe.processing"))
    let task = try scheduler.simulateLaunch(forTaskWithIdentifier: "probe.processing")
    guard task.waitForCompletion(timeout: 5) else { return "not completed" }
    return task.simulatedCompletions[0].onMainThread ? "ran on the main thread" : (task is BGProcessingTask ? nil : "wrong task class")
}
probe("launch-needs-a-pending-request") {
    do {
        _ = try scheduler.simulateLaunch(forTaskWithIdentifier: "probe.processing")
        return "launched without a request"
    } catch {
        return nil
    }
}

/// A task launched by hand, so the probes decide what the app does.
nonisolated func manualTask(_ identifier: String) -> BGTask {
    BGAppRefreshTask(simulatedIdentifier: identifier)
}

probe("completing-twice-is-a-violation") {
    let task = manualTask("probe.manual")
    let broken = violations {
        task.setTaskCompleted(success: true)
        task.setTaskCompleted(success: false)
    }
    return broken == ["bgtask.completed-more-than-once"] ? nil : "violations \(broken)"
}
probe("expiry-calls-and-clears-the-handler") {
    let task = manualTask("probe.manual")
    let called = SimulatorSignal()
    task.expirationHandler = {
        called.fire()
        task.setTaskCompleted(success: false)
    }
    let broken = violations {
        scheduler.simulateExpiration(of: task)
        _ = called.wait(timeout: 5)
        _ = task.waitForCompletion(timeout: 5)
    }
    return called.hasFired && task.expirationHandler == nil && broken.isEmpty ? nil : "violations \(broken)"
}
probe("expiry-without-handler-is-a-violation") {
    let task = manualTask("probe.manual")
    let broken = violations { task.simulateExpiration() }
    return broken == ["bgtask.expired-without-handler"] ? nil : "violations \(broken)"
}
probe("completing-late-after-expiry-is-a-violation") {
    let task = manualTask("probe.manual")
    task.expirationHandler = {}
    task.simulateExpiration()
    let waited = SimulatorSignal()
    _ = waited.wait(timeout: 0.3)  // past the 0.2 s grace
    let broken = violations { task.setTaskCompleted(success: false) }
    return broken == ["bgtask.completed-late-after-expiry"] ? nil : "violations \(broken)"
}
probe("never-completed-is-a-violation") {
    scheduler.cancelAllTaskRequests()
    _ = scheduler.register(forTaskWithIdentifier: "probe.export.forgotten", using: nil, launchHandler: forget)
    _ = submitError(BGContinuedProcessingTaskRequest(identifier: "probe.export.forgotten", title: "t", subtitle: "s"))
    let task = try scheduler.simulateLaunch(forTaskWithIdentifier: "probe.export.forgotten")
    let broken = violations { scheduler.simulateAudit() }
    return broken == ["bgtask.never-completed"] && task is BGContinuedProcessingTask ? nil : "violations \(broken)"
}

// MARK: Background URLSession

final class ProbeDelegate: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    let lock = NSLock()
    var locationExisted: Bool?
    var movedTo: URL?
    let finishedEvents = SimulatorSignal()
    let move: Bool

    init(move: Bool) { self.move = move }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        lock.lock()
        defer { lock.unlock() }
        locationExisted = FileManager.default.fileExists(atPath: location.path)
        if move {
            let destination = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
            try? FileManager.default.moveItem(at: location, to: destination)
            movedTo = destination
        } else {
            movedTo = location
        }
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        finishedEvents.fire()
    }
}

let daemon = SimulatedTransferDaemon.shared
let url = URL(string: "https://example.com/file.bin")!

probe("background-session-needs-a-delegate") {
    let broken = violations { _ = URLSession(configuration: .background(withIdentifier: "probe.nil-delegate"), delegate: nil, delegateQueue: nil) }
    return broken == ["urlsession.background-without-delegate"] ? nil : "violations \(broken)"
}
let delegate = ProbeDelegate(move: false)
let session = URLSession(configuration: .background(withIdentifier: "probe.session"), delegate: delegate, delegateQueue: nil)
probe("second-live-session-with-same-identifier-is-a-violation") {
    let broken = violations { _ = URLSession(configuration: .background(withIdentifier: "probe.session"), delegate: ProbeDelegate(move: true), delegateQueue: nil) }
    return broken == ["urlsession.duplicate-background-session"] ? nil : "violations \(broken)"
}
probe("convenience-apis-on-background-session-are-violations") {
    let broken = violations {
        _ = session.downloadTask(with: url) { _, _, _ in }
        _ = session.dataTask(with: URLRequest(url: url)) { _, _, _ in }
        _ = session.uploadTask(with: URLRequest(url: url), fromFile: url) { _, _, _ in }
    }
    return broken.count == 3 && Set(broken) == ["urlsession.background-unsupported-api"] ? nil : "violations \(broken)"
}
probe("async-apis-on-background-session-are-violations") {
    let done = SimulatorSignal()
    let before = device.violations.count
    Task.detached { [session] in
        _ = try? await session.data(from: url)
        _ = try? await session.download(from: url)
        done.fire()
    }
    _ = done.wait(timeout: 5)
    let broken = device.violations.dropFirst(before).map(\.rule)
    return broken == ["urlsession.background-unsupported-api", "urlsession.background-unsupported-api"] ? nil : "violations \(broken)"
}
probe("data-tasks-and-uploads-from-data-are-violations") {
    let broken = violations {
        _ = session.dataTask(with: url)
        _ = session.uploadTask(with: URLRequest(url: url), from: Data())
        _ = session.uploadTask(withStreamedRequest: URLRequest(url: url))
    }
    return broken.count == 3 ? nil : "violations \(broken)"
}
probe("download-and-upload-from-file-are-fine-and-default-sessions-are-unrestricted") {
    let broken = violations {
        session.downloadTask(with: url).resume()
        _ = session.uploadTask(with: URLRequest(url: url), fromFile: url)
        _ = URLSession.shared.dataTask(with: url) { _, _, _ in }
    }
    return broken.isEmpty ? nil : "violations \(broken)"
}
probe("downloaded-file-is-deleted-when-the-delegate-returns") {
    let task = try unwrapProbe(daemon.waitForResumedDownload(where: { task, _, _ in task.originalRequest?.url == url }, timeout: 5))
    guard daemon.simulateFinish(of: task, contents: Data("x".utf8)) else { return "not delivered" }
    delegate.lock.lock()
    defer { delegate.lock.unlock() }
    guard delegate.locationExisted == true, let location = delegate.movedTo else { return "no file during the callback" }
    return FileManager.default.fileExists(atPath: location.path) ? "the file outlived the callback" : nil
}
probe("relaunch-without-recreated-session-is-a-violation") {
    daemon.simulateAppTermination()
    let broken = violations { _ = daemon.deliverRelaunchEvents(sessionIdentifier: "probe.session") }
    return broken == ["urlsession.session-not-recreated"] ? nil : "violations \(broken)"
}
probe("relaunch-delivers-to-the-recreated-session-then-finishes-events") {
    daemon.seedFinishedTransfer(sessionIdentifier: "probe.session", url: url, taskDescription: "d", contents: Data("y".utf8))
    let relaunched = ProbeDelegate(move: true)
    var session: URLSession?
    let broken = violations {
        session = URLSession(configuration: .background(withIdentifier: "probe.session"), delegate: relaunched, delegateQueue: nil)
        _ = daemon.deliverRelaunchEvents(sessionIdentifier: "probe.session")
    }
    _ = session
    relaunched.lock.lock()
    let moved = relaunched.movedTo
    relaunched.lock.unlock()
    return broken.isEmpty && relaunched.finishedEvents.hasFired && moved.map { FileManager.default.contents(atPath: $0.path) } == Data("y".utf8)
        ? nil : "violations \(broken), events finished \(relaunched.finishedEvents.hasFired), moved \(String(describing: moved))"
}

nonisolated func unwrapProbe<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw CocoaError(.featureUnsupported) }
    return value
}

// MARK: Info.plist

probe("processing-mode-without-identifiers-is-a-violation") {
    let broken = try violations {
        try device.configure(infoPlist: Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIBackgroundModes</key><array><string>processing</string></array></dict></plist>
            """.utf8))
    }
    return broken == ["plist.processing-without-identifiers"] ? nil : "violations \(broken)"
}

FileHandle.standardOutput.write(Data("PROBES DONE\n".utf8))
exit(0)
