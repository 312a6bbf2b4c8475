import SwiftUI

struct ContentView: View {
    @EnvironmentObject var model: AppModel

    var body: some View {
        NavigationStack {
            List(model.notes, id: \.self) { Text($0) }
        }
        .onAppear {
            model.boot()
        }
    }
}
