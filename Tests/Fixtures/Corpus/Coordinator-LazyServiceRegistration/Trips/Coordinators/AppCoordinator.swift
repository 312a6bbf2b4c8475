import UIKit

final class AppCoordinator {
    private lazy var syncService = TripSyncService()

    func start(in window: UIWindow) {
        window.rootViewController = UINavigationController(rootViewController: UIViewController())
        window.makeKeyAndVisible()
        syncService.resume()
    }
}
