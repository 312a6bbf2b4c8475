import SwiftUI

@main
struct PhotosApp: App {
    var body: some Scene {
        WindowGroup { LibraryView() }
    }
}
