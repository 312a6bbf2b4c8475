import SwiftUI

@main
struct ExposureApp: App {
    var body: some Scene {
        WindowGroup { Text("Exposure") }
    }
}
