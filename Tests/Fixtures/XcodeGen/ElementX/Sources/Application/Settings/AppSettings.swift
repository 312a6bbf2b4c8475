import Foundation

final class AppSettings {
    let backgroundAppRefreshTaskIdentifier = "io.element.elementx.background.refresh"
}
