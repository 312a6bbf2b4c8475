import SwiftUI
import BeaconKit

@main
struct BeaconApp: App {
    var body: some Scene {
        WindowGroup {
            Text(BeaconKit.greeting)
        }
    }
}
