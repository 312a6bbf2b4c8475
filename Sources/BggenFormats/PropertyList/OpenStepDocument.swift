import Foundation

/// An old-style (OpenStep / ASCII) property list read once into the file's bytes and a flat table of the values in
/// it, in the order the file writes them, for readers that ask for a few keys of a few kinds of object.
///
/// A value is a place in the table (`Value`), and a string is a range of the file's bytes until a reader asks for it
/// as a `String`: a megabyte-sized `project.pbxproj` holds tens of thousands of strings, and making each one a
/// `String` in a tree of dictionaries, then freeing them all, was most of reading the project (issue 39). The tree
/// (`OpenStepValue`) is still made from the table where a whole value is wanted (`tree(_:)`).
package struct OpenStepDocument: Sendable {
    /// A value of the document: a string, a list or a dictionary.
    package struct Value: Equatable, Hashable, Sendable {
        /// Its place in `nodes`, the same for the life of the document: readers may key their own tables with it.
        package let index: Int
    }

    /// One value of the table. A list or a dictionary is followed by its elements (a dictionary's as key, value,
    /// key, value…), each followed by its own.
    struct Node {
        enum Kind: UInt8 {
            /// `start` and `count` are a range of `bytes`.
            case text
            /// A string with escapes, or `<data>`: `start` is its place in `decoded`.
            case decoded
            /// `count` elements.
            case array
            /// `count` entries, key then value.
            case dictionary
        }

        var kind: Kind
        var start: Int
        var count: Int
        /// The place of the next value after this one and all it holds.
        var after: Int
    }

    /// The text's bytes and the zeros after them, which end the scanner's loops (`OpenStepScanner.padding`).
    let bytes: [UInt8]
    private let nodes: [Node]
    private let decoded: [String]

    /// The file's bytes as they were read, checked to be UTF-8 (`FileSystem.readUTF8`).
    package init(utf8 data: Data) throws(OpenStepSyntaxError) {
        try self.init(count: data.count) { _ = data.copyBytes(to: $0) }
    }

    package init(_ text: String) throws(OpenStepSyntaxError) {
        var text = text
        try self.init(count: text.utf8.count) { buffer in
            _ = text.withUTF8 { memcpy(buffer.baseAddress!, $0.baseAddress!, $0.count) }
        }
    }

    /// The text is copied in whole by `copy` into a buffer of `count` bytes and the padding, which is zeroed: an
    /// `append(contentsOf:)` of a `Data` went a byte at a time.
    private init(count: Int, copy: (UnsafeMutableBufferPointer<UInt8>) -> Void) throws(OpenStepSyntaxError) {
        let padded = count + OpenStepScanner.padding
        bytes = [UInt8](unsafeUninitializedCapacity: padded) { buffer, initialized in
            if count > 0 { copy(UnsafeMutableBufferPointer(rebasing: buffer[..<count])) }
            (buffer.baseAddress! + count).initialize(repeating: 0, count: OpenStepScanner.padding)
            initialized = padded
        }
        (nodes, decoded) = try bytes.withUnsafeBufferPointer { buffer throws(OpenStepSyntaxError) in
            try OpenStepScanner.scan(padded: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The document's one top-level value.
    package var root: Value { Value(index: 0) }

    package func isDictionary(_ value: Value) -> Bool { nodes[value.index].kind == .dictionary }

    /// Whether the value is a string.
    package func isText(_ value: Value) -> Bool { nodes[value.index].kind == .text || nodes[value.index].kind == .decoded }

    /// The value as a `String`, nil for a list or a dictionary.
    package func string(_ value: Value) -> String? {
        let node = nodes[value.index]
        switch node.kind {
        case .text:
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[node.start..<node.start + node.count]), as: UTF8.self) }
        case .decoded:
            return decoded[node.start]
        case .array, .dictionary:
            return nil
        }
    }

    /// Whether the value is the string `text`, found without making a `String` of it.
    package func isString(_ value: Value, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { text in withText(of: value) { OpenStepKeys.same($0, text) } ?? false }
    }

    /// A build setting may be written as a list (`OTHER_LDFLAGS = ("-ObjC", "$(inherited)")`); Xcode joins it with
    /// spaces.
    package func settingText(_ value: Value) -> String? {
        switch nodes[value.index].kind {
        case .text, .decoded: string(value)
        case .array: elements(value).compactMap { string($0) }.joined(separator: " ")
        case .dictionary: nil
        }
    }

    /// A list's elements, in order; none for a string or a dictionary.
    package func elements(_ value: Value) -> Children {
        Children(nodes: nodes, place: value.index + 1, left: nodes[value.index].kind == .array ? nodes[value.index].count : 0)
    }

    /// A dictionary's entries as written, a repeated key each time; none for a string or a list.
    package func entries(_ value: Value) -> Entries {
        Entries(children: Children(nodes: nodes, place: value.index + 1,
                                   left: nodes[value.index].kind == .dictionary ? 2 * nodes[value.index].count : 0))
    }

    /// The value of `key` in a dictionary (its last, if the key is written twice, as CoreFoundation reads it); nil
    /// for a string or a list. Found by going through the entries, a key of another length, or of another first
    /// byte, passed over without comparing the rest: for the small dictionaries a project's objects are (`path` and
    /// `name` are both of four bytes). A large one is asked through `keys(of:)`.
    package func value(_ dictionary: Value, _ key: StaticString) -> Value? {
        let node = nodes[dictionary.index]
        guard node.kind == .dictionary else { return nil }
        return key.withUTF8Buffer { key in
            nodes.withUnsafeBufferPointer { nodes in
                bytes.withUnsafeBufferPointer { bytes in
                    var found: Value?
                    var place = dictionary.index + 1
                    for _ in 0..<node.count {
                        // A key is always a string, one node long: its value is the next node.
                        let written = nodes[place]
                        if written.kind == .text {
                            if written.count == key.count, key.isEmpty || bytes[written.start] == key[0]
                                && memcmp(bytes.baseAddress! + written.start, key.baseAddress!, key.count) == 0 {
                                found = Value(index: place + 1)
                            }
                        } else if withText(of: Value(index: place), { OpenStepKeys.same($0, key) }) == true {
                            found = Value(index: place + 1)
                        }
                        place = nodes[place + 1].after
                    }
                    return found
                }
            }
        }
    }

    /// The range of `bytes` a string written without escapes is; nil for any other value.
    func plainText(_ value: Value) -> Range<Int>? {
        let node = nodes[value.index]
        return node.kind == .text ? node.start..<node.start + node.count : nil
    }

    /// How many values the document holds: each value's `index` is below it.
    package var valueCount: Int { nodes.count }

    /// The string value of `key` in a dictionary.
    package func string(_ dictionary: Value, _ key: StaticString) -> String? {
        value(dictionary, key).flatMap(string)
    }

    /// The keys of a dictionary, hashed once for the many lookups of a large one (the table of a project's objects).
    package func keys(of dictionary: Value) -> OpenStepKeys {
        OpenStepKeys(document: self, dictionary: dictionary)
    }

    /// The whole value as a tree.
    package func tree(_ value: Value) -> OpenStepValue {
        switch nodes[value.index].kind {
        case .text, .decoded:
            return .string(string(value)!)
        case .array:
            return .array(elements(value).map { tree($0) })
        case .dictionary:
            return .dictionary(OpenStepDictionary(entries(value).map { (key: string($0.key)!, value: tree($0.value)) }))
        }
    }

    /// The UTF-8 of a string value for the duration of `body`; nil for a list or a dictionary.
    func withText<Result>(of value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let node = nodes[value.index]
        switch node.kind {
        case .text:
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[node.start..<node.start + node.count])) }
        case .decoded:
            var text = decoded[node.start]
            return text.withUTF8(body)
        case .array, .dictionary:
            return nil
        }
    }

    /// The elements of a list, or the keys and values of a dictionary one after the other.
    package struct Children: Sequence, IteratorProtocol {
        fileprivate let nodes: [Node]
        fileprivate var place: Int
        fileprivate var left: Int

        package mutating func next() -> Value? {
            guard left > 0 else { return nil }
            left -= 1
            let value = Value(index: place)
            place = nodes[place].after
            return value
        }

        package var underestimatedCount: Int { left }
    }

    package struct Entries: Sequence, IteratorProtocol {
        fileprivate var children: Children

        package mutating func next() -> (key: Value, value: Value)? {
            guard let key = children.next(), let value = children.next() else { return nil }
            return (key, value)
        }

        /// The entries left: a reader sizes its table by it.
        package var underestimatedCount: Int { children.left / 2 }
    }
}
