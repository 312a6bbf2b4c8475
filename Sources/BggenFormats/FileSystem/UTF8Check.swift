/// Whether bytes are UTF-8 text as `String(validating:as:)` judges it (the Unicode Standard's table 3-7: no overlong
/// form, no surrogate, nothing above U+10FFFF), without making the String: a reader that scans a file's bytes
/// (the pbxproj parser) needs the check and not the copy, and checking a megabyte of project and copying it was a
/// tenth of reading pocket-casts-ios's project. ASCII, most of any project file and of source, is checked 32 bytes
/// at a time (four words of eight, one test), then eight at a time: every source file is checked so.
package enum UTF8Check {
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            while index + 32 <= count,
                  (base.loadUnaligned(fromByteOffset: index, as: UInt64.self) | base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                   | base.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self) | base.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                  & 0x8080_8080_8080_8080 == 0 {
                index += 32
            }
            while index + 8 <= count, base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { return true }
            let lead = base.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index += 1
                continue
            }
            // The sequence's length and the range its second byte must lie in; the others are 80...BF.
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = base.load(fromByteOffset: index + 1, as: UInt8.self)
            guard second >= low && second <= high else { return false }
            for offset in 2..<length where base.load(fromByteOffset: index + offset, as: UInt8.self) & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}
