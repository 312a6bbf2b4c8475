import NetworkExtension

final class PushProvider: NEAppPushProvider {
    func didReceiveRemoteNotification(_ payload: [AnyHashable: Any]) {
        // Same name as the app delegate method, but this is the push-provider extension.
    }
}
