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
    /// `Substring.trimmingBlanks()`, without a copy where nothing is trimmed.
    package func trimmingBlanks() -> String {
        let trimmed = self[...].trimmingBlanks()
        return trimmed.utf8.count == utf8.count ? self : trimmed
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
