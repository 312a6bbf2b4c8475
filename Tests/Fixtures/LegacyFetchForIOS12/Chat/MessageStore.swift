import Foundation

final class MessageStore {
    static let shared = MessageStore()

    func pullNewMessages(_ done: @escaping (Bool) -> Void) {
        done(false)
    }
}
