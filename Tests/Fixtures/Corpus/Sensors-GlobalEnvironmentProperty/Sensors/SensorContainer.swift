import Foundation

final class SensorContainer {
    static let shared = SensorContainer()
    private(set) var isUpdating = false

    func register() {
        isUpdating = true
    }

    func flush(_ done: @escaping () -> Void) {
        done()
    }
}
