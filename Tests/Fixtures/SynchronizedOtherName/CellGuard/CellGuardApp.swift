import SwiftUI

@main
struct CellGuardApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
