import Foundation

enum AppEvent {
    case didFinishLaunching(isTesting: Bool)
    case didBecomeActive
    case didEnterBackground
}

protocol AppState {
    func apply(event: AppEvent) -> any AppState
}

final class AppStateMachine {
    private(set) var currentState: any AppState = Initializing()

    func handle(_ event: AppEvent) {
        currentState = currentState.apply(event: event)
    }
}

struct Initializing: AppState {
    func apply(event: AppEvent) -> any AppState {
        guard case .didFinishLaunching = event else { return self }
        return Launching()
    }
}

struct Launching: AppState {
    private let configurationService = ConfigurationService()

    init() {
        configurationService.onLaunching()
    }

    func apply(event: AppEvent) -> any AppState {
        Foreground()
    }
}

struct Foreground: AppState {
    func apply(event: AppEvent) -> any AppState { self }
}
