import Foundation

/// The app's data, shared with its widgets; no entry point here.
final class FeedStore {
    static let shared = FeedStore()
    private(set) var items: [String] = []
}
