/// The lengths and first bytes of a few names, one bit each: a name whose length or first byte none of them has is
/// none of them, told without hashing it (the names a body calls, the words before an implicit member).
struct NameBits: Sendable {
    private var lengths: UInt64 = 0
    private var firsts: UInt64 = 0

    init(_ names: some Sequence<String>) {
        for name in names {
            lengths |= Self.lengthBit(name)
            firsts |= Self.firstBit(name)
        }
    }

    /// False only where `name` is none of the names.
    func mayHold(_ name: String) -> Bool {
        lengths & Self.lengthBit(name) != 0 && firsts & Self.firstBit(name) != 0
    }

    /// Lengths past 63 bytes share the last bit.
    private static func lengthBit(_ name: String) -> UInt64 {
        1 << UInt64(min(name.utf8.count, 63))
    }

    /// Bytes share a bit by their low six bits.
    private static func firstBit(_ name: String) -> UInt64 {
        1 << UInt64((name.utf8.first ?? 0) & 63)
    }
}
