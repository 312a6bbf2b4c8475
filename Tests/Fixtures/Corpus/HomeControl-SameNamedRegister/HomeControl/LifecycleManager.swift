import UIKit

final class LifecycleManager {
    func start() {
        NotificationCenter.default.addObserver(self, selector: #selector(didBecomeActive), name: UIApplication.didBecomeActiveNotification, object: nil)
    }

    @objc private func didBecomeActive() {
        Task {
            HomeAPI.shared.connect()
        }
    }
}
