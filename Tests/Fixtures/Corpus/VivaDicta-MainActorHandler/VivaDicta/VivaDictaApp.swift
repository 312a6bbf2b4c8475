//
//  VivaDictaApp.swift
//  VivaDicta
//
//  Created by Anton Novoselov on 2025.08.02
//

import SwiftUI
import SwiftData

@main
struct VivaDictaApp: App {
#if !os(macOS)
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
#endif

    @State private var modelContainer: ModelContainer

    init() {
        let modelContainer: ModelContainer
        let appGroupURL = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: AppGroupCoordinator.shared.appGroupId)!
        let isICloudSyncEnabled = UserDefaults.standard.bool(forKey: UserDefaultsStorage.Keys.isICloudSyncEnabled)

        do {
            let sharedStoreURL = appGroupURL.appendingPathComponent("VivaDicta.sqlite")
            let config = ModelConfiguration(
                url: sharedStoreURL,
                cloudKitDatabase: isICloudSyncEnabled
                    ? .private("iCloud.com.antonnovoselov.VivaDicta")
                    : .none
            )
            modelContainer = try ModelContainer(
                for: Transcription.self,
                configurations: config
            )
        } catch {
            let config = ModelConfiguration(isStoredInMemoryOnly: true)
            modelContainer = try! ModelContainer(
                for: Transcription.self,
                configurations: config
            )
        }

        self._modelContainer = .init(initialValue: modelContainer)
    }
}
