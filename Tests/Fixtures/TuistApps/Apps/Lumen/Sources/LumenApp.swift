import SwiftUI

@main
struct LumenApp: App {
  var body: some Scene {
    WindowGroup {
      Text("Lumen")
    }
  }
}
