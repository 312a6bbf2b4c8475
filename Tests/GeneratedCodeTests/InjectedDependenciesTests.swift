import BggenTestSupport
import Foundation
import Testing

/// Work objects get the app's own dependencies (its database, its API client) instead of reaching for globals:
/// the generated code never builds `AppRefreshWork()` itself, so a work type whose initializer takes a store
/// compiles, `shared` builds it through the factory in the user's file, and a manager built with an injected
/// store runs the work against that store.
@Suite("Work objects get the app's dependencies", .tags(.slow), .highPriority, .needsStubSDK)
struct InjectedDependenciesTests {
    /// The user's AppRefreshWork.swift after they gave the work a store.
    static let appRefreshWork = """
        import Foundation

        /// The app's own store, handed to the work rather than reached through a global.
        nonisolated final class FeedStore: Sendable {
            private let items = Locked<[String]>([])

            func save(_ item: String) {
                items.withLock { $0.append(item) }
            }

            var saved: [String] {
                items.withLock { $0 }
            }
        }

        nonisolated struct AppRefreshWork: BackgroundWork {
            let store: FeedStore

            func run() async throws {
                store.save("fresh items")
            }
        }

        nonisolated extension BackgroundTaskManager {
            static func makeAppRefreshWork() -> any BackgroundWork {
                AppRefreshWork(store: FeedStore())
            }
        }
        """

    static let program = """
        @_spi(Simulator) import BackgroundTasks
        import Foundation

        let store = FeedStore()
        let manager = BackgroundTaskManager(appRefreshWork: AppRefreshWork(store: store))
        manager.registerTasks()
        BGTaskScheduler.shared.simulateLaunchFinished()
        let before = Date()
        manager.scheduleAppRefresh()
        let identifier = BackgroundTaskConfiguration.appRefreshIdentifier
        guard BGTaskScheduler.shared.waitForPendingRequest(identifier, submittedAfter: before, timeout: 5) != nil else {
            print("no pending request")
            exit(1)
        }
        let task = try! BGTaskScheduler.shared.simulateLaunch(forTaskWithIdentifier: identifier)
        _ = task.waitForCompletion(timeout: 5)
        print("saved=\\(store.saved) completions=\\(task.simulatedCompletions.map(\\.success))")
        // `shared` builds its work through the user's factory.
        print("shared=\\(type(of: BackgroundTaskManager.makeAppRefreshWork()))")
        exit(0)
        """

    @Test func aManagerBuiltWithTheAppsStoreRunsItsWorkAgainstIt() async throws {
        var swiftFiles: [String: String] = [:]
        for file in try Scenarios.named("refresh").renderedFiles() where file.path.hasSuffix(".swift") {
            swiftFiles[(file.path as NSString).lastPathComponent] = file.contents
        }
        #expect(swiftFiles["AppRefreshWork.swift"] != nil)
        swiftFiles["AppRefreshWork.swift"] = Self.appRefreshWork
        let run = try await GeneratedProgram.build(swiftFiles: swiftFiles, main: Self.program).launch()
        #expect(run.ending == .exited(0), "\(run.ending): \(run.output)")
        #expect(run.output.contains("saved=[\"fresh items\"] completions=[true]"), "\(run.output)")
        #expect(run.output.contains("shared=AppRefreshWork"), "\(run.output)")
    }
}
