import UIKit

/// The user's "Sync in the background" switch, in the settings screen.
enum SyncSettings {
    static func setBackgroundSync(_ on: Bool) {
        if on {
            UIApplication.shared.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        } else {
            UIApplication.shared.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalNever)
        }
    }
}
