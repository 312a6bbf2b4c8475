import Foundation

/// Results written from several threads at once, each into its own slot, so the order stays the files' order.
package final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    package func store(_ value: Value?, at index: Int) {
        lock.withLock { slots[index] = value }
    }

    package var values: [Value?] { lock.withLock { slots } }
}
