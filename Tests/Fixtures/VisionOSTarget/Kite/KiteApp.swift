import SwiftUI

@main
struct KiteApp: App {
    var body: some Scene {
        WindowGroup { Text("Kite") }
    }
}
