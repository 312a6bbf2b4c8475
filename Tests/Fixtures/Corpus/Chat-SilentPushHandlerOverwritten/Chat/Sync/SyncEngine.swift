import Foundation

protocol SyncEngineDelegate: AnyObject {
    func syncEngineDidFinish(newMessages: Bool)
}

final class SyncEngine {
    static let shared = SyncEngine()
    weak var delegate: SyncEngineDelegate?

    func syncMessages() {
        URLSession.shared.dataTask(with: URL(string: "https://chat.example.com/sync")!) { data, _, _ in
            self.delegate?.syncEngineDidFinish(newMessages: data?.isEmpty == false)
        }.resume()
    }
}
