import SwiftUI

@main struct CRIPiOSAppApp: App {
    var body: some Scene { WindowGroup { Text("CRIP") } }
}
