extension Substring {
    /// The text without the blanks it starts and ends with, scalar by scalar: exactly what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes, which goes through `NSString` on Linux and was most of
    /// reading an XcodeGen spec in a profile of element-x-ios.
    package func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isBlank }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isBlank })!
        return String(Substring(scalars[first...last]))
    }
}

extension String {
    /// `Substring.trimmingBlanks()`, without a copy where nothing is trimmed; text that starts and ends with an
    /// ASCII byte other than a space or a tab (every blank is one of those two or not ASCII) is returned as it is.
    package func trimmingBlanks() -> String {
        if let first = utf8.first, let last = utf8.last, Self.isPlainEnd(first), Self.isPlainEnd(last) { return self }
        let trimmed = self[...].trimmingBlanks()
        return trimmed.utf8.count == utf8.count ? self : trimmed
    }

    /// The text of the UTF-8 `bytes` without the blanks it starts and ends with, as `trimmingBlanks()` gives it:
    /// spaces and tabs are dropped on the bytes, and only an end that is not ASCII goes to the scalar-wise trim.
    package init(trimmingBlanksOf bytes: UnsafeBufferPointer<UInt8>) {
        var lower = 0
        var upper = bytes.count
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        self = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        if lower < upper, bytes[lower] >= 0x80 || bytes[upper - 1] >= 0x80 { self = trimmingBlanks() }
    }

    private static func isPlainEnd(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && byte != 0x09
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator: CoreFoundation's fixed set behind `CharacterSet.whitespaces`, on Darwin and in
    /// swift-corelibs-foundation alike (CFCharacterSet.c), which keeps U+200B from when it was a space (Unicode 3)
    /// and leaves out U+180E.
    fileprivate var isBlank: Bool {
        switch value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
