import AppService
import SwiftUI

@main
struct ToneApp: App {
    private let service = AppService()

    var body: some Scene {
        WindowGroup {
            Button("Transcribe") { try? service.transcribe(id: "latest") }
        }
    }
}
