/// One value the patcher added, for the summary the user sees before anything is written.
public struct PlistAddition: Sendable, Hashable, CustomStringConvertible {
    public let key: String
    public let value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    public var description: String { "\(key): \(value)" }
}

/// Something odd in the existing file. The patch still goes ahead: these are the user's values, and bggen
/// reports them rather than "fixing" them.
public enum PlistWarning: Sendable, Equatable, CustomStringConvertible {
    /// A dotted name in `UIBackgroundModes`, almost always a task identifier put in the wrong array.
    case identifierInBackgroundModes(String)
    /// A value iOS does not know as a background mode.
    case unknownBackgroundMode(String)
    /// A value bggen wanted is there already.
    case alreadyPresent(key: String, value: String)
    /// The key exists with another value, which is kept.
    case existingValueKept(key: String, existing: String, proposed: String)
    /// A preprocessed file where the additions would land inside a conditional block (or change a line in
    /// place): left alone, with the exact values to add by hand.
    case preprocessedNotPatched([PlistAddition])

    public var description: String {
        switch self {
        case .identifierInBackgroundModes(let value):
            "UIBackgroundModes contains '\(value)', which looks like a task identifier; task identifiers belong in BGTaskSchedulerPermittedIdentifiers, so move it there."
        case .unknownBackgroundMode(let value):
            "UIBackgroundModes contains '\(value)', which iOS does not recognise; remove it or replace it with a valid mode such as fetch or processing."
        case .alreadyPresent(let key, let value):
            "\(key) already contains '\(value)'; left as it is."
        case .existingValueKept(let key, let existing, let proposed):
            "\(key) is already '\(existing)'; bggen keeps it rather than writing '\(proposed)'."
        case .preprocessedNotPatched(let additions):
            "it has preprocessor lines (#ifdef … #endif) where bggen's additions would go, so bggen left it alone; add outside any #if block: "
                + additions.map(\.description).joined(separator: "; ") + "."
        }
    }
}

/// The patched text and what changed.
public struct PlistPatchResult: Sendable, Equatable {
    /// The whole file after the edits; equal to the input when nothing was missing (and no conversion happened).
    public let text: String
    public let additions: [PlistAddition]
    public let warnings: [PlistWarning]
    /// The input was a binary property list and `text` is its XML form.
    public let convertedFromBinary: Bool

    public var hasChanges: Bool { !additions.isEmpty || convertedFromBinary }
}
