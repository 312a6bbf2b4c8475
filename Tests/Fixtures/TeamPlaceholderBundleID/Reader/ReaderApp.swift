import SwiftUI

@main
struct ReaderApp: App {
    var body: some Scene {
        WindowGroup { Text("Reader") }
    }
}
