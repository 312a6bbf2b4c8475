import SwiftUI
import Sync

@main
struct ReaderApp: App {
    var body: some Scene {
        WindowGroup { Text("Reader").task { await Downloader.shared.fetchIssues() } }
    }
}
