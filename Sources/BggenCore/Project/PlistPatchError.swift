import BggenFormats

/// Why a property list could not be patched. Nothing is written when one of these is thrown.
public enum PlistPatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is a binary property list and the caller did not allow turning it into XML.
    case binaryPropertyList(path: String)
    /// The bytes are not UTF-8 text.
    case notUTF8(path: String)
    /// The XML is not a well-formed property list; `line` is 1-based.
    case malformed(path: String, line: Int, reason: String)
    /// The top-level value is an array or a scalar, so there is nowhere to put keys.
    case rootIsNotDictionary(path: String, found: String)
    /// A key that must hold an array of strings holds something else.
    case unexpectedValueType(path: String, key: String, line: Int, expected: String, found: String)
    /// The patched text no longer parses, or lost a value; a bug in bggen rather than in the file.
    case invalidResult(path: String, reason: String)

    public var description: String {
        switch self {
        case .binaryPropertyList(let path):
            "\(RepositoryText.quoted(path)) is a binary property list, which cannot be edited as text; convert it with `plutil -convert xml1 \(RepositoryText.quoted(path))` or pass --allow-binary-plist to let bggen convert it."
        case .notUTF8(let path):
            "\(RepositoryText.quoted(path)) is not UTF-8 text; convert it with `plutil -convert xml1 \(RepositoryText.quoted(path))` and run again."
        case .malformed(let path, let line, let reason):
            "\(RepositoryText.quoted(path)) line \(line) is not a valid property list (\(reason)); fix that line in Xcode or a text editor and run again."
        case .rootIsNotDictionary(let path, let found):
            "\(RepositoryText.quoted(path)) holds \(found) at its top level where a dictionary is expected; point bggen at the target's real Info.plist or entitlements file."
        case .unexpectedValueType(let path, let key, let line, let expected, let found):
            "\(RepositoryText.quoted(path)) line \(line): \(key) holds \(found) where \(expected) is expected; change it to \(expected) and run again."
        case .invalidResult(let path, let reason):
            "the edited \(RepositoryText.quoted(path)) would not be a valid property list (\(reason)); nothing was written — please report this as a bggen bug."
        }
    }
}
