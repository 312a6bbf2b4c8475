import SwiftUI

@main
struct ChimeApp: App {
  var body: some Scene {
    WindowGroup {
      Text("Chime")
    }
  }
}
