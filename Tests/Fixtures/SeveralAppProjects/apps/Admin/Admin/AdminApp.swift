import SwiftUI

@main
struct AdminApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Admin")
        }
    }
}
