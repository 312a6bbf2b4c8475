import SwiftUI

@main struct TallyApp: App {
    var body: some Scene { WindowGroup { ContentView() } }
}
