extension String {
    /// `first?.isUppercase == true`, told from the first byte when the first character is that one ASCII byte (the
    /// next byte is ASCII too, or there is none), as in nearly every name: `Character`'s case properties cost a
    /// grapheme break and a lookup in Unicode's tables, for every name the readers ask whether it is a type's.
    package var startsUppercase: Bool {
        guard let first = asciiFirst else { return self.first?.isUppercase == true }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// `first?.isLowercase == true`, read as `startsUppercase` is.
    package var startsLowercase: Bool {
        guard let first = asciiFirst else { return self.first?.isLowercase == true }
        return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
    }

    /// The first byte, when it is a character of its own: ASCII, and followed by ASCII or nothing (an ASCII byte
    /// before another ends its grapheme; "\r\n" is one, but neither of its bytes has a case).
    private var asciiFirst: UInt8? {
        var bytes = utf8.makeIterator()
        guard let first = bytes.next(), first < 0x80 else { return nil }
        guard let second = bytes.next() else { return first }
        return second < 0x80 ? first : nil
    }
}
