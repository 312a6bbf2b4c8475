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

    private static func isPart(_ part: Substring) -> Bool {
        if (part.hasPrefix("$(") && part.hasSuffix(")")) || (part.hasPrefix("${") && part.hasSuffix("}")) {
            let name = part.dropFirst(2).dropLast()
            return !name.isEmpty && name.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" || $0 == ":" || $0.isLowercase }
        }
        return !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
