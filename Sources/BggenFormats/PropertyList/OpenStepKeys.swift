import Foundation

/// The keys of one large dictionary of an `OpenStepDocument` (a project's table of objects), hashed once from the
/// file's bytes so each of thousands of lookups by an object ID costs a hash of its bytes, not a `String`.
///
/// The hash is seeded per process, so a file cannot be written to make its keys collide.
package struct OpenStepKeys {
    private let document: OpenStepDocument
    /// The dictionary's entries in the order written, each key once: its last, as CoreFoundation reads it.
    package let entries: [(key: OpenStepDocument.Value, value: OpenStepDocument.Value)]
    /// For each slot, the place in `entries` of the key hashed there, plus one; 0 for an empty slot.
    private let slots: [Int]

    private static let seed = UInt64.random(in: .min ... .max)

    init(document: OpenStepDocument, dictionary: OpenStepDocument.Value) {
        self.document = document
        let written = Array(document.entries(dictionary))
        var capacity = 8
        while capacity < 2 * written.count { capacity *= 2 }
        var slots = [Int](repeating: 0, count: capacity)
        var superseded = [Bool](repeating: false, count: written.count)
        var isAnySuperseded = false
        for (place, entry) in written.enumerated() {
            document.withText(of: entry.key) { key in
                var slot = Self.hash(key) & (capacity - 1)
                while slots[slot] != 0 {
                    let other = slots[slot] - 1
                    if document.withText(of: written[other].key, { Self.same($0, key) }) == true {
                        superseded[other] = true
                        isAnySuperseded = true
                        break
                    }
                    slot = (slot + 1) & (capacity - 1)
                }
                slots[slot] = place + 1
            }
        }
        // Each ID once, as Xcode writes them: the entries and their slots are as hashed. Renumbering them anyway, a
        // pass over every slot, was a third of hashing a project's objects.
        guard isAnySuperseded else {
            self.entries = written
            self.slots = slots
            return
        }
        var entries: [(key: OpenStepDocument.Value, value: OpenStepDocument.Value)] = []
        entries.reserveCapacity(written.count)
        var renumbered = [Int](repeating: 0, count: written.count)
        for (place, entry) in written.enumerated() where !superseded[place] {
            renumbered[place] = entries.count + 1
            entries.append(entry)
        }
        self.entries = entries
        self.slots = slots.map { $0 == 0 ? 0 : renumbered[$0 - 1] }
    }

    /// The value of the key that is the string `key` of the same document; nil when `key` is not a string.
    package subscript(key: OpenStepDocument.Value) -> OpenStepDocument.Value? {
        document.withText(of: key) { value(of: $0) } ?? nil
    }

    package subscript(key: String) -> OpenStepDocument.Value? {
        var key = key
        return key.withUTF8 { value(of: $0) }
    }

    /// A key written without escapes, as an object ID always is, is compared where it lies in the document's bytes.
    private func value(of key: UnsafeBufferPointer<UInt8>) -> OpenStepDocument.Value? {
        let mask = slots.count - 1
        return document.bytes.withUnsafeBufferPointer { bytes in
            slots.withUnsafeBufferPointer { slots in
                var slot = Self.hash(key) & mask
                while slots[slot] != 0 {
                    let entry = entries[slots[slot] - 1]
                    if let range = document.plainText(entry.key) {
                        if Self.same(UnsafeBufferPointer(rebasing: bytes[range]), key) { return entry.value }
                    } else if document.withText(of: entry.key, { Self.same($0, key) }) == true {
                        return entry.value
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    static func same(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        one.count == other.count && (one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
    }

    /// Eight bytes at a time: object IDs are 24 hex digits.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var hash = ByteHash.mix(UnsafeRawBufferPointer(text), into: seed ^ UInt64(text.count))
        hash = (hash ^ (hash >> 32)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
