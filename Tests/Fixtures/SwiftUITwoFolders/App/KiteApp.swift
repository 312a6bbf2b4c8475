import SwiftUI

@main
struct KiteApp: App {
    var body: some Scene {
        WindowGroup { Text("\(FeedStore.shared.items.count) items") }
    }
}
