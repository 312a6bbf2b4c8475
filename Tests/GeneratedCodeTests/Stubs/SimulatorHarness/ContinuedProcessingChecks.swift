// Continued processing (iOS 26), through the generated seam: ContinuedProcessingManager.shared with scripted
// ContinuedProcessingJobs, started after launch has finished (these registrations are exempt from the launch rule),
// then launched, expired or failed by the simulated scheduler.
#if BGGEN_CONTINUED_PROCESSING
@_spi(Simulator) import BackgroundTasks
@testable import App
import Foundation
@testable import HarnessKit
import StubRuntime

/// A job that reports progress and returns, waits until it is cancelled, or throws.
nonisolated final class ScriptedJob: ContinuedProcessingJob, @unchecked Sendable {
    nonisolated enum Behavior: Sendable {
        case steps(Int64)
        /// Does its one step, then waits for the expiry without stopping and returns: its output is complete.
        case finishThenOutlastExpiry
        case untilCancelled
        /// Waits until it is cancelled, then takes 50 ms to stop (the write it was in), well within the expiry's
        /// bound, and throws.
        case stopsAMomentAfterCancellation
        case throwing
        /// Writes half its output into its partial-output folder, then keeps going until it is cancelled, as a job
        /// does when the user swipes the app away: the process ends, and nothing tells the job.
        case writesPartialOutput
    }

    let title: String
    let behavior: Behavior
    let started = SimulatorSignal()
    let cancelled = SimulatorSignal()
    let discarded = SimulatorSignal()
    let discardedAt = HarnessBox<Date>()
    let lastStepDone = SimulatorSignal()
    let returned = SimulatorSignal()
    /// When `prepareForSuspension()` was called, in order.
    let suspensionPreparations = HarnessBox<[Date]>()
    /// The half-written file of `.writesPartialOutput`.
    let partialFile = HarnessBox<URL>()
    /// What the run's progress said about the GPU.
    let usedGPU = HarnessBox<Bool>()

    init(title: String, behavior: Behavior) {
        self.title = title
        self.behavior = behavior
    }

    func run(progress: ContinuedProcessingProgress) async throws {
        #if BGGEN_CONTINUED_GPU
        usedGPU.value = progress.usesBackgroundGPU
        #endif
        started.fire()
        switch behavior {
        case .steps(let count):
            for step in 1...count {
                try Task.checkCancellation()
                progress.update(completed: step, of: count, subtitle: "step \(step)")
            }
        case .finishThenOutlastExpiry:
            progress.update(completed: 1, of: 1, subtitle: "done")
            lastStepDone.fire()
            try? await Task.sleep(nanoseconds: UInt64(4 * HarnessSettings.timeout * 1_000_000_000))
            returned.fire()
        case .throwing:
            throw UserWorkFailure()
        case .writesPartialOutput:
            let file = progress.partialOutputFolder.appendingPathComponent("half.bin")
            try Data("half".utf8).write(to: file)
            partialFile.value = file
            lastStepDone.fire()
            try? await Task.sleep(nanoseconds: UInt64(4 * HarnessSettings.timeout * 1_000_000_000))
            throw CancellationError()
        case .stopsAMomentAfterCancellation:
            do {
                try await Task.sleep(nanoseconds: UInt64(4 * HarnessSettings.timeout * 1_000_000_000))
            } catch {
                cancelled.fire()
                await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { stopped.resume() }
                }
                throw error
            }
        case .untilCancelled:
            do {
                try await Task.sleep(nanoseconds: UInt64(4 * HarnessSettings.timeout * 1_000_000_000))
            } catch {
                cancelled.fire()
                throw error
            }
        }
    }

    func discardPartialOutput() {
        discardedAt.value = Date()
        discarded.fire()
    }

    func prepareForSuspension() {
        suspensionPreparations.value = (suspensionPreparations.value ?? []) + [Date()]
    }
}

nonisolated enum ContinuedProcessingChecks {
    static func run() {
        let report = HarnessReport.shared
        let scheduler = BGTaskScheduler.shared
        let device = SimulatedDevice.shared
        let timeout = HarnessSettings.timeout
        let prefix = HarnessExpectations.continuedProcessingPrefix!
        device.offersBackgroundGPU = true
        // Jobs start while the app is in use, long after launch.
        if !device.hasFinishedLaunching {
            scheduler.simulateLaunchFinished()
        }

        /// Starts `job` as a button action would, on the main actor.
        func startResult(_ job: ScriptedJob) throws -> Result<String, ContinuedProcessingError> {
            try unwrap(
                onMainActor { () async -> Result<String, ContinuedProcessingError> in
                    do throws(ContinuedProcessingError) {
                        return .success(try await ContinuedProcessingManager.shared.start(job))
                    } catch {
                        return .failure(error)
                    }
                },
                "start did not return"
            )
        }

        func start(_ job: ScriptedJob) throws -> String {
            switch try startResult(job) {
            case .success(let identifier): return identifier
            case .failure(let error): throw HarnessFailure(description: "start threw \(error)")
            }
        }

        report.check("continued.start-registers-and-submits-after-launch") { _ in
            let before = device.violations.count
            let first = try start(ScriptedJob(title: "First", behavior: .steps(1)))
            let second = try start(ScriptedJob(title: "Second", behavior: .steps(1)))
            for identifier in [first, second] {
                try require(identifier.hasPrefix(prefix + "."), "job identifier \(identifier) is not under \(prefix).*")
                try require(scheduler.registeredIdentifiers.contains(identifier), "\(identifier) was not registered")
            }
            try require(first != second, "two jobs got the same identifier \(first); re-registering it kills the app")
            let pending = scheduler.simulatedPendingRequests.map(\.request)
            let request = try unwrap(
                pending.first { $0.identifier == first } as? BGContinuedProcessingTaskRequest,
                "no BGContinuedProcessingTaskRequest pending for \(first)"
            )
            try require(request.title == "First", "the request's title is \(request.title), not the job's")
            try require(
                (request.strategy == .fail) == HarnessExpectations.continuedStrategyFails,
                "the request's strategy is \(request.strategy); the answers say \(HarnessExpectations.continuedStrategyFails ? "fail" : "queue")"
            )
            try require(
                request.requiredResources.contains(.gpu) == HarnessExpectations.continuedWantsGPU,
                "the request \(HarnessExpectations.continuedWantsGPU ? "does not ask" : "asks") for the GPU on a device that offers it"
            )
            let violations = device.violations.dropFirst(before)
            try require(violations.isEmpty, "violations while starting jobs: \(violations.map(\.rule))")
            // Clean up so later launches find only their own requests.
            for identifier in [first, second] {
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
                _ = task.waitForCompletion(timeout: timeout)
            }
        }

        report.check("continued.run-reports-progress-and-completes-once") { context in
            let job = ScriptedJob(title: "Progress", behavior: .steps(4))
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: true)
            let continued = try unwrap(task as? BGContinuedProcessingTask, "the system launched a \(type(of: task))")
            try require(task.waitForCompletion(timeout: timeout), "the job's task was not completed within \(timeout) s")
            try require(
                continued.progress.totalUnitCount == 4 && continued.progress.completedUnitCount == 4,
                "progress is \(continued.progress.completedUnitCount) of \(continued.progress.totalUnitCount), not 4 of 4"
            )
            try require(!job.discarded.hasFired, "a finished job's output was discarded")
        }

        report.check("continued.expire-while-running") { context in
            let job = ScriptedJob(title: "Expiring", behavior: .untilCancelled)
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(job.started.wait(timeout: timeout), "the job did not start")
            // iOS ends first the tasks that show no progress: the bar is there before the first step ends.
            let continued = try unwrap(task as? BGContinuedProcessingTask, "the system launched a \(type(of: task))")
            try require(
                continued.progress.totalUnitCount > 0 && continued.progress.completedUnitCount == 0,
                "before its first step the job shows \(continued.progress.completedUnitCount) of \(continued.progress.totalUnitCount): set the total as the task launches"
            )
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            try require(job.cancelled.wait(timeout: timeout), "the job was not cancelled when the task expired")
            try require(job.discarded.wait(timeout: timeout), "the cancelled job's partial output was not discarded")
        }

        report.check("continued.an-expired-jobs-output-is-discarded-before-its-task-completes") { context in
            let job = ScriptedJob(title: "Stopping", behavior: .stopsAMomentAfterCancellation)
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(job.started.wait(timeout: timeout), "the job did not start")
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            try require(job.discarded.wait(timeout: timeout), "the cancelled job's partial output was not discarded")
            let completed = try unwrap(task.simulatedCompletions.first, "the expired task has no completion")
            let discarded = try unwrap(job.discardedAt.value, "the discard was not timed")
            try require(
                discarded <= completed.date,
                "a job that stopped 50 ms after its expiry had its partial output discarded \(Int(discarded.timeIntervalSince(completed.date) * 1000)) ms after its task was completed: iOS can suspend the app in between, and output half-written outside the partial-output folder stays for good"
            )
        }

        report.check("continued.expiry-after-the-last-step-keeps-the-output") { context in
            let job = ScriptedJob(title: "Finished", behavior: .finishThenOutlastExpiry)
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(job.lastStepDone.wait(timeout: timeout), "the job did not do its step")
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            try require(job.returned.wait(timeout: timeout), "the job did not return after the expiry")
            // Give a wrong discard the moment it would take.
            try require(!job.discarded.wait(timeout: HarnessSettings.grace), "a job that returned had its finished output discarded")
        }

        report.check("continued.expiry-prepares-the-job-for-suspension-before-completing") { context in
            let job = ScriptedJob(title: "Suspending", behavior: .untilCancelled)
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(job.started.wait(timeout: timeout), "the job did not start")
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            let preparations = job.suspensionPreparations.value ?? []
            try require(preparations.count == 1, "prepareForSuspension() ran \(preparations.count) times on expiry; expected once")
            let completed = try unwrap(task.simulatedCompletions.first, "the expired task has no completion")
            try require(preparations[0] <= completed.date, "prepareForSuspension() ran after the task was completed")
        }

        report.check("continued.a-finished-job-is-released") { _ in
            // Held weakly from here on: the manager, the registered launch handler and the finished run must let go.
            weak var released: ScriptedJob?
            let identifier: String
            do {
                let job = ScriptedJob(title: "Released", behavior: .steps(1))
                released = job
                identifier = try start(job)
            }
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            try require(task.waitForCompletion(timeout: timeout), "the job's task was not completed within \(timeout) s")
            let deadline = Date(timeIntervalSinceNow: timeout)
            while released != nil && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try require(released == nil, "the job is still alive after its task completed: every job would stay in memory for the whole process")
        }

        // The sweep of what earlier launches left runs at launch (app.launch-sweeps-abandoned-continued-output)
        // and never again: another use of the manager must not delete the output of a job that is running.
        report.check("continued.another-use-of-the-manager-keeps-a-running-jobs-output") { context in
            let job = ScriptedJob(title: "Swiped away", behavior: .writesPartialOutput)
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(job.lastStepDone.wait(timeout: timeout), "the job did not write its partial output")
            let file = try unwrap(job.partialFile.value, "no partial file")
            try require(FileManager.default.fileExists(atPath: file.path), "the partial file was not written")
            _ = ContinuedProcessingManager.shared
            Thread.sleep(forTimeInterval: HarnessSettings.grace)
            try require(FileManager.default.fileExists(atPath: file.path), "another use of the manager deleted the unfinished output of a running job at \(file.path)")
            // Let the job end.
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
        }

        report.check("continued.job-throws") { context in
            let job = ScriptedJob(title: "Throwing", behavior: .throwing)
            let identifier = try start(job)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            try require(job.discarded.wait(timeout: timeout), "the failed job's partial output was not discarded")
        }

        if HarnessExpectations.continuedWantsGPU {
            report.check("continued.gpu-refused-resubmits-without-gpu") { _ in
                // The device offers the GPU, but the app lacks the Background GPU Access entitlement.
                device.hasBackgroundGPUEntitlement = false
                defer { device.hasBackgroundGPUEntitlement = true }
                let job = ScriptedJob(title: "Without GPU", behavior: .steps(1))
                let identifier = try start(job)
                let request = try unwrap(
                    scheduler.simulatedPendingRequests.map(\.request).first { $0.identifier == identifier } as? BGContinuedProcessingTaskRequest,
                    "no BGContinuedProcessingTaskRequest pending for \(identifier)"
                )
                try require(!request.requiredResources.contains(.gpu), "the resubmitted request still asks for the GPU")
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
                try require(task.waitForCompletion(timeout: timeout), "the job was not completed within \(timeout) s")
                try require(job.usedGPU.value == false, "a job refused the GPU was told usesBackgroundGPU = \(String(describing: job.usedGPU.value)); it would try the GPU")
            }

            report.check("continued.gpu-granted-is-told-to-the-job") { _ in
                let job = ScriptedJob(title: "With GPU", behavior: .steps(1))
                let identifier = try start(job)
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
                try require(task.waitForCompletion(timeout: timeout), "the job was not completed within \(timeout) s")
                try require(job.usedGPU.value == true, "a job granted the GPU was told usesBackgroundGPU = \(String(describing: job.usedGPU.value))")
            }
        }

        report.check("continued.cannot-start-now") { _ in
            device.continuedProcessingCanStartNow = false
            defer { device.continuedProcessingCanStartNow = true }
            let result = try startResult(ScriptedJob(title: "Busy", behavior: .steps(1)))
            if HarnessExpectations.continuedStrategyFails {
                guard case .failure(.cannotStartNow) = result else {
                    throw HarnessFailure(description: "with strategy fail, a job that cannot start now gave \(result), not cannotStartNow")
                }
            } else {
                guard case .success(let identifier) = result else {
                    throw HarnessFailure(description: "with strategy queue, a job that cannot start now gave \(result); it should wait")
                }
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: identifier)
                _ = task.waitForCompletion(timeout: timeout)
            }
        }

        #if BGGEN_HUNG_SUBMISSION_CHECKS
        hungSubmissionChecks(scheduler: scheduler, prefix: prefix, timeout: timeout)
        #endif

        #if BGGEN_SUBMIT_TASK_REQUEST && BGGEN_WAITING_CHECKS
        // iOS 27 answers a submission "after an arbitrary amount of delay", or, seen from the app, never: that must
        // not hold the person's button for good, and the request must not launch a job the app was told did not start.
        report.check("continued.an-unanswered-submission-fails-and-is-withdrawn") { _ in
            scheduler.simulatedUnansweredSubmissions = 1
            defer { scheduler.simulatedUnansweredSubmissions = 0 }
            func pendingJobs() -> Int {
                scheduler.simulatedPendingRequests.filter { $0.request.identifier.hasPrefix(prefix + ".") }.count
            }
            let pendingBefore = pendingJobs()
            let limit = ContinuedProcessingManager.submissionLimit + timeout
            let result = try unwrap(
                onMainActor(timeout: limit) { () async -> Result<String, ContinuedProcessingError> in
                    do throws(ContinuedProcessingError) {
                        return .success(try await ContinuedProcessingManager.shared.start(ScriptedJob(title: "Unanswered", behavior: .steps(1))))
                    } catch {
                        return .failure(error)
                    }
                },
                "start(_:) had not returned \(limit) s after a submission iOS never answered"
            )
            guard case .failure(.failed(let message)) = result, message.contains("timed out") else {
                throw HarnessFailure(description: "a submission iOS never answered gave \(result), not a failure saying it timed out")
            }
            // The withdrawal runs on the manager's submission queue, off the button's thread.
            try require(
                waitUntil(timeout: HarnessSettings.grace) { pendingJobs() <= pendingBefore },
                "the request of a job whose start timed out is still pending: it would launch a job the app was told did not start"
            )
        }

        // A request iOS hands over and launches at once, whose answer never comes, was taken: the job runs, so
        // `start(_:)` must not tell the app it did not start.
        report.check("continued.a-job-launched-before-its-answer-is-reported-started") { context in
            scheduler.simulatedUnansweredSubmissions = 1
            scheduler.simulatedContinuedLaunchOnAcceptance = true
            defer {
                scheduler.simulatedUnansweredSubmissions = 0
                scheduler.simulatedContinuedLaunchOnAcceptance = false
            }
            let job = ScriptedJob(title: "Launched unanswered", behavior: .steps(1))
            let result = try unwrap(
                onMainActor(timeout: ContinuedProcessingManager.submissionLimit + timeout) { () async -> Result<String, ContinuedProcessingError> in
                    do throws(ContinuedProcessingError) {
                        return .success(try await ContinuedProcessingManager.shared.start(job))
                    } catch {
                        return .failure(error)
                    }
                },
                "start(_:) had not returned \(ContinuedProcessingManager.submissionLimit + timeout) s after a submission iOS launched and never answered"
            )
            try require(job.started.hasFired, "the job iOS launched on acceptance did not run")
            guard case .success(let identifier) = result else {
                throw HarnessFailure(description: "a job iOS launched, its submission unanswered, ran while start(_:) gave \(result): the app shows a failure for work that runs")
            }
            let task = try unwrap(scheduler.simulatedLaunchedTasks.first { $0.identifier == identifier }, "no task was launched for \(identifier)")
            context.expectExactlyOneCompletion(of: task, success: true)
            try require(task.waitForCompletion(timeout: timeout), "the job's task was not completed within \(timeout) s")
            // The acceptance comes after all: the job start(_:) reported started is not withdrawn.
            scheduler.answerWithheldSubmissions()
            let withdrawn = waitUntil(timeout: HarnessSettings.grace) {
                StubLedger.shared.events.contains(.taskRequestCancelled(identifier: identifier))
            }
            try require(!withdrawn, "the late acceptance of a job start(_:) reported started withdrew its request")
        }
        #endif
    }

    #if BGGEN_HUNG_SUBMISSION_CHECKS
    /// A scheduler that hangs in a submission for twice `submissionLimit` (the limit's timer has as long again to
    /// fire on a loaded machine). Seconds each, so they run in one scenario per submission route
    /// (`SimulatedApp.hungSubmissionScenarios`).
    static func hungSubmissionChecks(scheduler: BGTaskScheduler, prefix: String, timeout: TimeInterval) {
        let report = HarnessReport.shared
        let hang = 2 * ContinuedProcessingManager.submissionLimit
        func pendingJobs() -> Int {
            scheduler.simulatedPendingRequests.filter { $0.request.identifier.hasPrefix(prefix + ".") }.count
        }

        // NetNewsWire saw `BGTaskScheduler.submit` hang, and iOS 27's hand-over can too: on every iOS version the
        // person's button must get an answer within the limit, without waiting for the hung scheduler to withdraw
        // the request (the stub's `cancel` waits for a hung `submit(_:)`), and the request, taken once the
        // scheduler wakes up, must not launch a job the app was told did not start (nor answer `start(_:)` a second
        // time: a trap). Withdrawing another queued job meanwhile must not wait for the scheduler either.
        report.check("continued.a-hung-submission-times-out-and-is-withdrawn") { _ in
            let pendingBefore = pendingJobs()
            let started = Date()
            scheduler.simulatedSubmissionDelay = hang
            let result: Result<String, ContinuedProcessingError>
            do {
                defer { scheduler.simulatedSubmissionDelay = 0 }
                result = try unwrap(
                    onMainActor(timeout: hang + timeout) { () async -> Result<String, ContinuedProcessingError> in
                        do throws(ContinuedProcessingError) {
                            return .success(try await ContinuedProcessingManager.shared.start(ScriptedJob(title: "Hung", behavior: .steps(1))))
                        } catch {
                            return .failure(error)
                        }
                    },
                    "start(_:) had not returned \(hang + timeout) s after a submission that hung \(hang) s"
                )
            }
            let waited = Date().timeIntervalSince(started)
            guard case .failure(.failed(let message)) = result, message.contains("timed out"), waited < hang else {
                throw HarnessFailure(description: "a submission that hung \(hang) s gave \(result) after \(String(format: "%.1f", waited)) s, not a failure saying it timed out after \(ContinuedProcessingManager.submissionLimit) s (a withdrawal on the button's thread waits for the hung scheduler)")
            }
            let withdrawal = try unwrap(
                onMainActor(timeout: hang + timeout) { () -> TimeInterval in
                    let asked = Date()
                    ContinuedProcessingManager.shared.cancelQueuedJob("\(prefix).queued-elsewhere")
                    return Date().timeIntervalSince(asked)
                },
                "cancelQueuedJob(_:) had not returned \(hang + timeout) s after it was called"
            )
            try require(
                withdrawal < HarnessSettings.grace,
                "cancelQueuedJob(_:) held the main thread \(String(format: "%.1f", withdrawal)) s while the scheduler hung: the withdrawal waits for the hung scheduler on the button's thread"
            )
            // Let the hung call end and the scheduler take the request.
            Thread.sleep(forTimeInterval: max(0, hang - Date().timeIntervalSince(started)) + 2 * HarnessSettings.grace)
            try require(
                pendingJobs() <= pendingBefore,
                "the request of a job whose start timed out was taken when the scheduler woke up and is pending: it would launch a job the app was told did not start"
            )
        }

        #if BGGEN_SUBMIT_TASK_REQUEST
        // Review 6, N17: iOS 27 hands a request over on a queue of its own, and can take it after the limit's
        // withdrawal ran and then never answer: it must be withdrawn again, or it launches, and the person sees a
        // Live Activity appear and fail for a job they were told did not start.
        report.check("continued.a-request-taken-after-its-withdrawal-and-never-answered-is-withdrawn-again") { _ in
            let limit = ContinuedProcessingManager.submissionLimit
            let registeredBefore = Set(scheduler.registeredIdentifiers)
            scheduler.simulatedSubmissionDelay = 1.5 * limit
            scheduler.simulatedUnansweredSubmissions = 1
            defer {
                scheduler.simulatedSubmissionDelay = 0
                scheduler.simulatedUnansweredSubmissions = 0
                scheduler.answerWithheldSubmissions()
            }
            let result = try unwrap(
                onMainActor(timeout: limit + timeout) { () async -> Result<String, ContinuedProcessingError> in
                    do throws(ContinuedProcessingError) {
                        return .success(try await ContinuedProcessingManager.shared.start(ScriptedJob(title: "Taken unanswered", behavior: .steps(1))))
                    } catch {
                        return .failure(error)
                    }
                },
                "start(_:) had not returned \(limit + timeout) s after a submission iOS took \(1.5 * limit) s late"
            )
            guard case .failure(.failed(let message)) = result, message.contains("timed out") else {
                throw HarnessFailure(description: "a submission iOS took \(1.5 * limit) s late gave \(result), not a failure saying it timed out")
            }
            let identifier = try unwrap(Set(scheduler.registeredIdentifiers).subtracting(registeredBefore).first, "start(_:) registered no identifier")
            try require(
                waitUntil(timeout: limit + timeout) {
                    StubLedger.shared.events.contains {
                        if case .taskSubmitted(let submitted, _, _) = $0 { return submitted == identifier }
                        return false
                    }
                },
                "iOS did not take the request \(1.5 * limit) s late"
            )
            try require(
                waitUntil(timeout: limit + HarnessSettings.grace) {
                    !scheduler.simulatedPendingRequests.contains { $0.request.identifier == identifier }
                },
                "a request iOS took after start(_:) had timed out and withdrawn it, and never answered, is still pending \(limit) s later: it would launch a job the app was told did not start"
            )
        }
        #endif

        // Review 5, N14: between the limit and `start(_:)` hearing of it (an actor hop, long when the main thread is
        // busy), the scheduler can take the request and iOS launch the job at once: the launch must find no job.
        report.check("continued.a-job-taken-after-its-start-timed-out-never-runs") { context in
            let job = ScriptedJob(title: "Taken late", behavior: .steps(1))
            let registeredBefore = Set(scheduler.registeredIdentifiers)
            scheduler.simulatedSubmissionDelay = hang
            scheduler.simulatedContinuedLaunchOnAcceptance = true
            defer {
                scheduler.simulatedSubmissionDelay = 0
                scheduler.simulatedContinuedLaunchOnAcceptance = false
            }
            let result = HarnessBox<Result<String, ContinuedProcessingError>>()
            let returned = SimulatorSignal()
            Task { @MainActor in
                do throws(ContinuedProcessingError) {
                    result.value = .success(try await ContinuedProcessingManager.shared.start(job))
                } catch {
                    result.value = .failure(error)
                }
                returned.fire()
            }
            var identifier: String?
            try require(
                waitUntil(timeout: timeout) {
                    identifier = Set(scheduler.registeredIdentifiers).subtracting(registeredBefore).first
                    return identifier != nil
                },
                "start(_:) registered no identifier within \(timeout) s"
            )
            // `start(_:)` now waits for the submission: keep the main thread busy past the limit until iOS has
            // launched the request it took late.
            let released = SimulatorSignal()
            DispatchQueue.main.async { _ = released.wait(timeout: hang + 2 * timeout) }
            defer { released.fire() }
            var launched: BGTask?
            _ = waitUntil(timeout: hang + timeout) {
                launched = scheduler.simulatedLaunchedTasks.first { $0.identifier == identifier }
                return launched != nil
            }
            let task = try unwrap(launched, "iOS did not launch the request it took \(hang) s late")
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(task.waitForCompletion(timeout: timeout), "the late launch's task was not completed within \(timeout) s")
            released.fire()
            try require(returned.wait(timeout: timeout), "start(_:) did not return once the main thread was free")
            try require(
                !job.started.hasFired,
                "a job whose submission timed out ran when iOS took its request late, before start(_:) had dropped it: it runs with a Live Activity after the app was told it did not start"
            )
            guard case .failure(.failed(let message))? = result.value, message.contains("timed out") else {
                throw HarnessFailure(description: "start(_:) gave \(String(describing: result.value)), not a failure saying it timed out")
            }
        }
    }
    #endif
}
#endif
