import BackgroundTasks

final class ForecastUpdater: @unchecked Sendable {
    static let shared = ForecastUpdater()

    func update(with task: BGTask) {
        URLSession.shared.dataTask(with: URL(string: "https://weather.example.com/forecast")!) { _, _, error in
            task.setTaskCompleted(success: error == nil)
        }.resume()
    }
}
