import Foundation

/// The app's newer code is Swift; its app delegate is still Objective-C.
@objc final class NoteStore: NSObject {
    @objc static let shared = NoteStore()

    @objc func load() {}
}
