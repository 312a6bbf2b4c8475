import Foundation

public final class OTRProtocolManager {
    public static let shared = OTRProtocolManager()

    public func connectAll(completion: @escaping () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
            completion()
        }
    }
}
