import Foundation

final class HomeAPI {
    static let shared = HomeAPI()
    private(set) var isRegistered = false

    func connect() {
        if !isRegistered {
            register()
        }
        BackgroundRefreshManager.scheduleAppRefresh()
    }

    func register() {
        isRegistered = true
    }

    func refresh(_ done: @escaping (Bool) -> Void) {
        done(true)
    }
}
