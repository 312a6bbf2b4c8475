/// Checks of the code alone: registrations, submissions, sessions, deprecated API and edited generated files.
extension TargetAudit {
    static func codeRules(uses: [TaskIdentifierUse], relevant: [FileFacts], owned: [FileFacts], context: AuditContext,
                          target: String?) -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        func add(_ rule: DoctorRule, at location: FindingLocation, _ message: String, why: String, fix: String) {
            findings.append(DoctorFinding(rule: rule, location: location, target: target, message: message, why: why, fix: fix))
        }

        // BG005: the second registration of an identifier kills the app; `#if` branches may each hold one.
        let registrations = uses.filter { $0.isRegistration && $0.value != nil && !$0.isConditional }
        for (value, sites) in Dictionary(grouping: registrations, by: { $0.value! }) where sites.count > 1 {
            let sorted = sites.sorted { $0.location < $1.location }
            let first = sorted[0].location
            for site in sorted.dropFirst() {
                add(.registeredTwice, at: site.location, "'\(value)' is registered here and at \(first.file):\(first.line).",
                    why: "BGTaskScheduler kills the app on the second registration of the same identifier.",
                    fix: "Keep one registration of '\(value)' (\(site.role == .swiftUIRefresh || sorted[0].role == .swiftUIRefresh ? "SwiftUI's .backgroundTask(.appRefresh) already registers it" : "at launch")) and remove the other.")
            }
        }

        // BG005 too: a continued-processing task registered with a fixed identifier in the function that submits it is
        // registered again each time that function runs again (CommonsFinder before e98f256, one run per upload).
        let continuedRequests = uses.filter { $0.role == .request(.continued) && $0.value != nil }
        for site in registrations where site.role == .register && !findings.contains(where: { $0.location == site.location }) {
            guard case .function(let key) = site.launch, let value = site.value,
                  continuedRequests.contains(where: { $0.value == value && $0.launch == site.launch && $0.location.file == site.location.file })
            else { continue }
            add(.registeredTwice, at: site.location, "'\(value)' is registered in \(key), which also submits it: every run of \(key) after the first registers '\(value)' again.",
                why: "BGTaskScheduler raises an exception (\"Launch handler for task with identifier … has already been registered\") on the second registration of an identifier, so the second continued-processing task crashes the app.",
                fix: "Register '\(value)' once, or give each request its own identifier under a wildcard: permit '\(value).*' and register and submit '\(value).\\(id)'.")
        }

        // BG006: a request nothing registers is never run; continued-processing handlers are registered just before submitting.
        let blind = context.registrations.contains { $0.value == nil && !$0.inBggenOutput }
        let registered = Set(context.registrations.compactMap(\.value))
        var reported = Set<String>()
        for use in uses where !blind {
            guard case .request(let kind) = use.role, kind != .continued, let value = use.value, !registered.contains(value),
                  reported.insert(value).inserted else { continue }
            add(.submittedNotRegistered, at: use.location, "A \(kind.rawValue) request for '\(value)' is submitted, but nothing registers '\(value)'.",
                why: "iOS logs \"No launch handler registered for task with identifier\" and never runs the task (or kills the app when it launches it).",
                fix: "Register '\(value)' with BGTaskScheduler.shared.register(forTaskWithIdentifier:using:launchHandler:) before launch finishes.")
        }

        // URL004: one identifier, two sessions; `#if` branches may each create it.
        let sessions = uses.filter { $0.role == .session && $0.value != nil && !$0.isConditional }
        for (value, sites) in Dictionary(grouping: sessions, by: { $0.value! }) where sites.count > 1 {
            let sorted = sites.sorted { $0.location < $1.location }
            for site in sorted.dropFirst() {
                add(.duplicateSession, at: site.location, "A background session configuration with identifier '\(value)' is also made at \(sorted[0].location.file):\(sorted[0].location.line).",
                    why: "Two sessions with one identifier at the same time share one background transfer queue; events go to one of them and the other loses its transfers.",
                    fix: "Create the session with '\(value)' in one place (a static let or a lazy property of a single object) and use that everywhere.")
            }
        }

        // BG004: continued-processing handlers are exempt (registered just before their submit).
        let continued = Set(uses.filter { $0.role == .request(.continued) }.compactMap(\.value))
        let continuedFiles = Set(relevant.filter { $0.uses.contains { $0.role == .request(.continued) } }.map(\.file))
        for use in uses where use.role == .register && !(use.value.map(continued.contains) ?? continuedFiles.contains(use.location.file)) {
            switch use.launch {
            case .afterLaunch(let place):
                add(.registeredLate, at: use.location, "'\(use.value ?? use.expression)' is registered in \(place), which runs after launch finishes.",
                    why: "BGTaskScheduler accepts registrations only until application(_:didFinishLaunchingWithOptions:) returns; a later one raises \"All launch handlers must be registered before application finishes launching\" and the task never runs.",
                    fix: "Register in application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously.")
            case .function(let key) where !context.isReachedFromLaunch(key) && context.afterLaunchCaller(of: key) != nil:
                let caller = context.afterLaunchCaller(of: key)!
                add(.registeredLate, at: use.location, "'\(use.value ?? use.expression)' is registered in \(key), which only \(caller) calls, after launch finishes.",
                    why: "BGTaskScheduler accepts registrations only until application(_:didFinishLaunchingWithOptions:) returns; a later one raises \"All launch handlers must be registered before application finishes launching\" and the task never runs.",
                    fix: "Call \(key) from application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously.")
            case .function(let key) where !context.isReachedFromLaunch(key):
                add(.couldNotCheck, at: use.location, "No path from application(_:didFinishLaunchingWithOptions:) or App.init to this registration was found, so whether it happens before launch finishes was not checked.",
                    why: "A registration after launch finishes is refused and the task never runs.",
                    fix: "Check that \(key.replacingOccurrences(of: ".init", with: " init")) is called synchronously at launch, or add '// bggen:ignore CHECK001'.")
            case .function, .unknown:
                continue
            }
        }

        // CHECK001: identifiers built at run time.
        for use in uses where use.value == nil && !use.inBggenOutput && use.isTaskIdentifier {
            let because = use.unresolvedBecause.map { "is \($0)" } ?? "is built at run time or defined where doctor cannot see it"
            add(.couldNotCheck, at: use.location, "The task identifier '\(use.expression)' \(because), so it was not checked.",
                why: "If it is not in BGTaskSchedulerPermittedIdentifiers, register returns false and submit fails with notPermitted.",
                fix: "Use a string literal or a constant, or add '// bggen:ignore CHECK001' once you have checked it.")
        }

        // BG013: a handler casting its task to one class, run for an identifier submitted with another request class.
        let requests = context.facts.flatMap(\.uses).filter { if case .request = $0.role { $0.value != nil } else { false } }
        for facts in relevant where !facts.forceCasts.isEmpty {
            let registered = Dictionary(facts.uses.filter(\.isRegistration).map { ($0.location, $0.value) }, uniquingKeysWith: { first, _ in first })
            for cast in facts.forceCasts {
                let identifiers = cast.registrations.map { place in registered[place] ?? nil }
                guard !identifiers.isEmpty, identifiers.allSatisfy({ $0 != nil }) else { continue }
                let values = identifiers.compactMap(\.self)
                guard let other = requests.filter({ values.contains($0.value!) && $0.role != .request(cast.kind) }).min(by: { $0.location < $1.location }),
                      case .request(let kind) = other.role else { continue }
                let shared = Set(values).count > 1 ? " (registered for \(values.map { "'\($0)'" }.joined(separator: ", ")))" : ""
                let requestType = kind.className
                add(.forceCastTask, at: cast.location,
                    "This launch handler\(shared) force-casts its task to \(cast.type), but '\(other.value!)' is submitted as a \(requestType) at \(other.location.file):\(other.location.line).",
                    why: "The system hands the handler a task of the class its request had; for a \(requestType) the cast fails and the app crashes in the background.",
                    fix: "Register a handler per task class, or cast with as? and handle each class: if let task = task as? \(cast.type) { … } else { task.setTaskCompleted(success: false) }.")
            }
        }

        for facts in relevant {
            // BG008: a failed cast happens only when the task is of another class than its requests, hence a warning,
            // and never when every request for the handler's identifiers is of the class cast to.
            let registeredAt = Dictionary(facts.uses.filter(\.isRegistration).map { ($0.location, $0.value) }, uniquingKeysWith: { first, _ in first })
            for early in facts.earlyReturns {
                if let kind = early.castKind {
                    let identifiers = early.registrations.map { registeredAt[$0] ?? nil }
                    let asked = requests.filter { request in identifiers.contains { $0 == request.value } }
                    if !identifiers.isEmpty, identifiers.allSatisfy({ $0 != nil }), !asked.isEmpty, asked.allSatisfy({ $0.role == .request(kind) }) { continue }
                }
                findings.append(DoctorFinding(
                    rule: .taskNeverCompleted, severity: early.afterFailedCast ? .warning : nil, location: early.location, target: target,
                    message: "This launch handler returns here without completing its task\(early.afterFailedCast ? " when the cast fails" : ""): nothing before it calls setTaskCompleted, and no defer or expirationHandler does.",
                    why: "A task that is never completed keeps the app running until iOS expires it; iOS then kills the app, counts it against the app's background time and runs its tasks less often.",
                    fix: "Call task.setTaskCompleted(success: false) before this return (for a failed cast: guard let task = task as? BGAppRefreshTask else { task.setTaskCompleted(success: false); return })."))
            }
            for handler in facts.handlers where handler.kind == .launch && handler.lacksExpirationHandler {
                add(.noExpirationHandler, at: handler.location, "This launch handler never sets the task's expirationHandler.",
                    why: "When the time runs out iOS calls the expiration handler; without one the work is not stopped, setTaskCompleted is not called, and iOS kills the app and throttles its future tasks.",
                    fix: "Set task.expirationHandler = { @Sendable in … } first thing in the handler: cancel the work there and call task.setTaskCompleted(success: false).")
            }
            for misuse in facts.sessionMisuse {
                switch misuse.kind {
                case .convenience:
                    add(.sessionConvenience, at: misuse.location, "\(misuse.call) is called on a background URLSession.",
                        why: "Background sessions do not support completion handlers or async conveniences: the call fails, or the app crashes, instead of transferring in the background.",
                        fix: "Use downloadTask(with:) or uploadTask(with:fromFile:) without a completion handler, call resume(), and handle the result in the session delegate.")
                case .unsupportedTask:
                    findings.append(DoctorFinding(
                        rule: .sessionUnsupportedTask, severity: misuse.call.hasPrefix("dataTask") ? .warning : nil, location: misuse.location,
                        target: target, message: "\(misuse.call) is called on a background URLSession.",
                        why: "Background sessions transfer only downloads and uploads from a file; data tasks stop when the app is suspended and uploads from Data or streams are refused.",
                        fix: "Use downloadTask(with:) for requests whose response matters, and write the body to a file for uploadTask(with:fromFile:)."))
                }
            }
            if target == nil {
                for (symbol, location) in facts.legacyFetch {
                    add(.deprecatedFetch, at: location, "\(symbol) is deprecated background fetch (iOS 13).",
                        why: legacyFetchWhy, fix: legacyFetchFix)
                }
            }
            if facts.provenance == .edited {
                findings.append(.editedGenerated(facts.file, target: target))
            }
        }

        // URL005: sessions the target itself creates; a handler anywhere in the repository counts.
        let sessionsOwned = (target == nil ? relevant : owned).flatMap(\.backgroundSessions)
        if let session = sessionsOwned.min(), !context.facts.contains(where: \.handlesSessionEvents) {
            add(.noSessionEvents, at: session, "A background URLSession is created here, but nothing implements application(_:handleEventsForBackgroundURLSession:completionHandler:) or .backgroundTask(.urlSession).",
                why: "When transfers finish while the app is suspended or terminated, iOS relaunches it and waits for that call; without it, completion events are not delivered.",
                fix: "Implement application(_:handleEventsForBackgroundURLSession:completionHandler:), recreate the session with that identifier, and call the completion handler from urlSessionDidFinishEvents(forBackgroundURLSession:).")
        }
        return findings
    }

    static let legacyFetchWhy = "iOS may stop calling it, and it stops the day the Info.plist gets BGTaskSchedulerPermittedIdentifiers (Apple: adding the key disables performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval)."
    static let legacyFetchFix = "Move the fetch's work into a BGAppRefreshTask in one step: register its handler at launch and submit a BGAppRefreshTaskRequest where the app sets the fetch interval, then delete application(_:performFetchWithCompletionHandler:) and the setMinimumBackgroundFetchInterval call."
}
