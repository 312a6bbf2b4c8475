#if canImport(BackgroundTasks)
import BackgroundTasks

func registerRefresh() {
    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
        print("refreshing")
    }
}
#endif
