import BackgroundTasks
import SwiftUI

struct AccountView: View {
    var body: some View {
        Button("Sign out") {
            Account.signOut()
        }
        .onAppear {
            try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.settings.refresh"))
        }
    }
}

enum Account {
    static func signOut() {
        BGTaskScheduler.shared.cancelAllTaskRequests()
        UserDefaults.standard.removeObject(forKey: "token")
    }
}
