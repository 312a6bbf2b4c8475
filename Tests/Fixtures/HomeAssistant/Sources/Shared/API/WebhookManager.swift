import Foundation

final class WebhookManager {
    func backgroundSession(identifier: String) -> URLSession {
        let configuration: URLSessionConfiguration
        configuration = .background(withIdentifier: identifier)
        configuration.sharedContainerIdentifier = "group.io.robbie.homeassistant"
        return URLSession(configuration: configuration)
    }

    func sendInBackground() {
        // Not BGTaskScheduler: a UIApplication background-task wrapper.
        Current.backgroundTask(withName: "webhook-send") { _ in }
    }
}
