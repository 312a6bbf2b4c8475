/// The lines of a text where `Character.isNewline` ends them (LF, CR, CRLF, VT, FF, NEL, LS and PS), found in its
/// UTF-8 bytes: splitting by Characters went through each one's grapheme breaking, most of the cost of reading a
/// short file such as a `.gitignore` or an XcodeGen spec.
package enum TextLines {
    /// The lines without their breaks, as `split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)`
    /// gives them: a text ending in a break ends with an empty line.
    package static func split(_ text: String) -> [Substring] {
        // `withUTF8` makes the copy native, where an index is found from its byte offset at once.
        var native = text
        let utf8 = native.utf8
        return native.withUTF8(ranges).map { range in
            native[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        }
    }

    /// The lines of `split`, as ranges of the text's UTF-8 `bytes`, for a reader that reads a line's bytes in place.
    package static func ranges(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            // Eight bytes at a time while none can start a break: every break starts with a byte up to CR, or with
            // NEL's or LS's and PS's first byte, which is not ASCII. A word with a byte below 0x0E (the borrow
            // test of "Bit Twiddling Hacks", exact for ASCII bytes) or a byte above 0x7F goes byte by byte.
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                guard (word | ((word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word)) & high == 0 else { break }
                index += 8
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            guard byte <= 0x0D || byte == 0xC2 || byte == 0xE2, case let length = breakLength(bytes, at: index), length > 0 else {
                index += 1
                continue
            }
            lines.append(start..<index)
            index += length
            start = index
        }
        lines.append(start..<bytes.count)
        return lines
    }

    /// The length in bytes of the line break `bytes` start with, 0 when they start with none.
    private static func breakLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        switch bytes[index] {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return byte(1) == 0x0A ? 2 : 1
        case 0xC2: return byte(1) == 0x85 ? 2 : 0
        case 0xE2:
            guard byte(1) == 0x80 else { return 0 }
            return byte(2) == 0xA8 || byte(2) == 0xA9 ? 3 : 0
        default: return 0
        }
    }
}
