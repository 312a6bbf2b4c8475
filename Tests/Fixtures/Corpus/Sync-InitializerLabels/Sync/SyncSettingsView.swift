import SwiftUI

struct SyncSettingsView: View {
    @State private var sample: SyncEngine?

    var body: some View {
        Form {
            Text("Background sync")
        }
        .onAppear {
            sample = SyncEngine(preview: true)
        }
    }
}
