import SwiftUI

struct LibraryView: View {
    private let sync = PhotoSync()

    var body: some View {
        Button("Sync now") {
            sync.syncNow()
        }
    }
}
