import Foundation

/// Results written from several threads at once, each into its own slot, so the order stays the files' order.
final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value?, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    var values: [Value?] { lock.withLock { slots } }
}
