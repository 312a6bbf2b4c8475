import SwiftUI

struct SensorListView: View {
    var body: some View {
        List {
            Text("Sensors")
        }
        .onAppear {
            Current.sensors.register()
            BackgroundRefresh.shared.schedule()
        }
    }
}
