import Foundation

enum TaskIdentifiers {
    static let exposure = Bundle.main.bundleIdentifier! + ".exposure-notification"
    static let results = "\(Bundle.main.bundleIdentifier!).fetch-results"
    static let risk = (Bundle.main.bundleIdentifier ?? "org.example.tracer") + ".risk"
}
