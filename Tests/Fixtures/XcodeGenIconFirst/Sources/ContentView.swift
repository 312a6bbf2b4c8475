import SwiftUI

struct ContentView: View {
    let store: LightStore

    var body: some View {
        List(store.lights, id: \.self) { Text($0) }
    }
}
