import BggenFormats

/// How a task identifier read from a repository appears in a finding, a fix or a file: only a reverse-DNS one is
/// ever quoted or written (`doctor --fix`, `bggen_fix`). Any other is "an identifier that is not reverse-DNS", with
/// the finding's file and line, so a registered string that reads as a message to an agent never reaches one as
/// bggen's advice, nor an Info.plist as a permitted identifier.
enum TaskIdentifierText {
    static let notReverseDNS = "an identifier that is not reverse-DNS"

    /// Dot-separated parts of letters, digits, `-` and `_`, the first starting with a letter, at most 255
    /// characters; a part may be a build setting (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`), as Info.plist entries are.
    static func isReverseDNS(_ value: String) -> Bool {
        guard value.utf8.count <= 255 else { return false }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy(isPart) && (parts[0].first?.isLetter == true || parts[0].hasPrefix("$"))
    }

    /// The identifier quoted, or the words saying it is not reverse-DNS.
    static func described(_ value: String) -> String {
        isReverseDNS(value) ? RepositoryText.quoted(value) : notReverseDNS
    }

    /// A new UUID as the whole identifier (`UUID().uuidString`, Objective-C `[[NSUUID UUID] UUIDString]`): hex
    /// digits and dashes with no dot, which no entry of `BGTaskSchedulerPermittedIdentifiers` can permit (an entry
    /// is reverse-DNS, and a wildcard starts with the bundle identifier and a dot).
    static func isFreshUUID(_ expression: String) -> Bool {
        let compact = String(expression.unicodeScalars.filter { !$0.properties.isWhitespace })
        return freshUUIDs.contains(compact)
            || ["lowercased()", "uppercased()"].contains { freshUUIDs.contains(String(compact.dropLast($0.count + 1))) && compact.hasSuffix(".\($0)") }
    }

    private static let freshUUIDs: Set<String> = ["UUID().uuidString", "NSUUID().uuidString", "[[NSUUIDUUID]UUIDString]", "[NSUUIDUUID].UUIDString",
                                                  "NSUUID.UUID.UUIDString", "[[[NSUUIDalloc]init]UUIDString]"]

    private static func isPart(_ part: Substring) -> Bool {
        if (part.hasPrefix("$(") && part.hasSuffix(")")) || (part.hasPrefix("${") && part.hasSuffix("}")) {
            let name = part.dropFirst(2).dropLast()
            return !name.isEmpty && name.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" || $0 == ":" || $0.isLowercase }
        }
        return !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
