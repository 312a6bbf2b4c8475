import Foundation

final class AppModel: ObservableObject {
    @Published var notes: [String] = []
    private let refresher = Refresher()

    func boot() {
        notes = ["Welcome"]
        refresher.registerTasks()
        refresher.schedule()
    }
}
