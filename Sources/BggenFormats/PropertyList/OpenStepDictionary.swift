/// The entries of an OpenStep dictionary, each key once (a key written twice keeps its last value, as
/// CoreFoundation's reading does), in no order that means anything.
///
/// A project's objects are small dictionaries (`isa`, `fileRef`, `path`…) asked for a few keys each: a small one is
/// searched, its short keys compared without hashing, and only a large one (the table of objects, a target's build
/// settings) is hashed. Hashing every key of every object into a `Dictionary` was most of parsing a large project.
package struct OpenStepDictionary: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    package typealias Element = (key: String, value: OpenStepValue)

    /// Past this many entries a key is found through `positions` instead of by comparing it with each.
    private static var searchedCount: Int { 8 }

    private var entries: [Element]
    /// Each key's place in `entries`, for a dictionary of more than `searchedCount` entries.
    private var positions: [String: Int]?

    /// `written` in the order the file gives them; of a repeated key, the last entry is kept.
    package init(_ written: [Element]) {
        entries = written
        if written.count <= Self.searchedCount {
            positions = nil
            let isRepeated = written.indices.contains { place in written[(place + 1)...].contains { $0.key == written[place].key } }
            if isRepeated {
                entries = written.indices.filter { place in !written[(place + 1)...].contains { $0.key == written[place].key } }.map { written[$0] }
            }
        } else {
            var positions = [String: Int](minimumCapacity: written.count)
            for (place, entry) in written.enumerated() { positions[entry.key] = place }
            if positions.count < written.count {
                entries = written.indices.filter { positions[written[$0].key] == $0 }.map { written[$0] }
                for (place, entry) in entries.enumerated() { positions[entry.key] = place }
            }
            self.positions = positions
        }
    }

    package init(dictionaryLiteral elements: (String, OpenStepValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }

    package init(_ dictionary: [String: OpenStepValue]) {
        self.init(dictionary.map { (key: $0.key, value: $0.value) })
    }

    package subscript(key: String) -> OpenStepValue? {
        if let positions { return positions[key].map { entries[$0].value } }
        return entries.first { $0.key == key }?.value
    }

    package var count: Int { entries.count }

    package func makeIterator() -> IndexingIterator<[Element]> {
        entries.makeIterator()
    }

    /// The same keys with equal values, whatever their order.
    package static func == (lhs: OpenStepDictionary, rhs: OpenStepDictionary) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}
