import Foundation

extension OpenStepDocument {
    /// A `buildSettings` dictionary's settings in key order, as a `[String: String]` filled in the order written and
    /// read by its sorted keys gives them: a key written twice keeps its last value, and goes when that is no setting
    /// (a dictionary).
    ///
    /// Keys written as plain ASCII, which is every key Xcode writes, are sorted and compared as the file's bytes,
    /// which is how `String` orders and compares ASCII, and only the settings kept are made `String`s: filling a
    /// dictionary of `String`s and sorting its keys was a tenth of reading a large project.
    package func settings(_ dictionary: Value) -> [(key: String, value: String)] {
        let written = Array(entries(dictionary))
        guard let keys = asciiKeys(written) else { return settingsByString(written) }
        let order = bytes.withUnsafeBufferPointer { bytes in
            written.indices.sorted { one, other in
                let left = keys[one], right = keys[other]
                let shared = Swift.min(left.count, right.count)
                let compared = shared == 0 ? 0 : memcmp(bytes.baseAddress! + left.lowerBound, bytes.baseAddress! + right.lowerBound, shared)
                if compared != 0 { return compared < 0 }
                return left.count != right.count ? left.count < right.count : one < other
            }
        }
        var settings: [(key: String, value: String)] = []
        settings.reserveCapacity(order.count)
        for (place, entry) in order.enumerated() {
            // Of a key written more than once, the last written is the last of its run.
            if place + 1 < order.count, sameText(keys[entry], keys[order[place + 1]]) { continue }
            if let value = settingText(written[entry].value) { settings.append((string(written[entry].key)!, value)) }
        }
        return settings
    }

    /// The byte ranges of the keys, when each is written without escapes and in ASCII.
    private func asciiKeys(_ written: [(key: Value, value: Value)]) -> [Range<Int>]? {
        var keys: [Range<Int>] = []
        keys.reserveCapacity(written.count)
        var bits: UInt8 = 0
        bytes.withUnsafeBufferPointer { bytes in
            for (key, _) in written {
                guard let range = plainText(key) else { bits = 0x80; return }
                for place in range { bits |= bytes[place] }
                keys.append(range)
            }
        }
        return bits < 0x80 ? keys : nil
    }

    private func sameText(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
        one.count == other.count && bytes.withUnsafeBufferPointer { bytes in
            one.isEmpty || memcmp(bytes.baseAddress! + one.lowerBound, bytes.baseAddress! + other.lowerBound, one.count) == 0
        }
    }

    /// Other keys are compared as `String`s, in a dictionary filled in the order written.
    private func settingsByString(_ written: [(key: Value, value: Value)]) -> [(key: String, value: String)] {
        var settings: [String: String] = [:]
        for (key, value) in written { settings[string(key)!] = settingText(value) }
        return settings.keys.sorted().map { ($0, settings[$0]!) }
    }
}
