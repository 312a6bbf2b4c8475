import SwiftUI

@main
struct LumenApp: App {
    @State private var store = LightStore()

    var body: some Scene {
        WindowGroup {
            ContentView(store: store)
        }
    }
}
