// The app-delegate example, the shipped work files and the generated managers as HarnessKit's app-delegate checks
// reach them.
#if BGGEN_APP_DELEGATE
@testable import App
import Foundation
@testable import HarnessKit
@_spi(Simulator) import UIKit
#if BGGEN_SWIFTUI
@_spi(Simulator) import SwiftUI
#endif

nonisolated enum GeneratedAppDelegate {
    static func subject() -> AppDelegateSubject {
        #if BGGEN_REFRESH || BGGEN_PROCESSING
        let enterBackground: (@MainActor @Sendable () -> Void)? = { Self.enterBackground() }
        #else
        let enterBackground: (@MainActor @Sendable () -> Void)? = nil
        #endif
        #if BGGEN_PROCESSING
        let scheduleProcessing: (@MainActor @Sendable () -> Void)? = { BackgroundTaskManager.shared.scheduleProcessingTask() }
        #else
        let scheduleProcessing: (@MainActor @Sendable () -> Void)? = nil
        #endif
        #if BGGEN_DOWNLOADS
        let downloads: AppDelegateSubject.Downloads? = AppDelegateSubject.Downloads(
            sessionIdentifier: HarnessExpectations.downloadSessionIdentifier!,
            shippedDestination: { AppDownloadHandler().destination(forDownloadFrom: $0, suggestedFilename: $1) }
        )
        #else
        let downloads: AppDelegateSubject.Downloads? = nil
        #endif
        #if BGGEN_SILENT_PUSH
        let handlesSilentPush = true
        #else
        let handlesSilentPush = false
        #endif
        return AppDelegateSubject(
            makeDelegate: { makeDelegate() },
            enterBackground: enterBackground,
            refreshIdentifier: HarnessExpectations.refreshIdentifier,
            processingIdentifier: HarnessExpectations.processingIdentifier,
            processingReschedules: HarnessExpectations.processingReschedules,
            scheduleProcessing: scheduleProcessing,
            downloads: downloads,
            uploadSessionIdentifier: HarnessExpectations.uploadSessionIdentifier,
            continuedProcessingPrefix: HarnessExpectations.continuedProcessingPrefix,
            handlesSilentPush: handlesSilentPush
        )
    }

    @MainActor
    static func makeDelegate() -> (any UIApplicationDelegate)? {
        #if BGGEN_SWIFTUI
        // SwiftUI creates the App, builds its scenes (registering `.backgroundTask`s and scene-phase observers),
        // then creates the adaptor's app delegate and launches it.
        _ = HarnessSwiftUIApp().body
        #endif
        #if BGGEN_APP_DELEGATE_CLASS
        return AppDelegate()
        #else
        return nil
        #endif
    }

    #if BGGEN_REFRESH || BGGEN_PROCESSING
    @MainActor
    static func enterBackground() {
        #if BGGEN_SWIFTUI
        SimulatedScenePhase.change(to: .inactive)
        SimulatedScenePhase.change(to: .background)
        #elseif BGGEN_SCENE_DELEGATE_CLASS
        // With scenes (required by the iOS 27 SDK), UIKit tells the scene delegate, not the app delegate.
        SceneDelegate().sceneDidEnterBackground(UIWindowScene())
        #else
        // Without scenes, UIKit tells the app delegate.
        AppDelegateHost.delegate?.applicationDidEnterBackground(UIApplication.shared)
        #endif
    }
    #endif
}
#endif
