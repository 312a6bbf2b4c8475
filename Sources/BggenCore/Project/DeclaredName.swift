import BggenFormats

/// A top-level type, or a Swift file, of the app's named like one bggen may generate. Two types of one name in a
/// module are an "invalid redeclaration", and two Swift files of one name in a target are "filename used twice".
public struct DeclaredName: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The type's name, or the file's name without `.swift`.
    public let name: String
    /// Relative to the root.
    public let file: String
    /// 1-based line of the declaration; nil when it is the file's name that matches.
    public let line: Int?
    /// The file carries bggen's own marker: output of an earlier run, which this run replaces.
    public let isBggenOutput: Bool
    /// A file's name on a volume that does not tell names apart by case (APFS's default): there
    /// `backgroundTaskManager.swift` is `BackgroundTaskManager.swift`, and swiftc's object files of the two collide.
    public let ignoresCase: Bool

    public init(name: String, file: String, line: Int?, isBggenOutput: Bool = false, ignoresCase: Bool = false) {
        self.name = name
        self.file = file
        self.line = line
        self.isBggenOutput = isBggenOutput
        self.ignoresCase = ignoresCase
    }

    /// Whether this is one of `names`, compared as its volume compares names.
    func isOne(of names: Set<String>) -> Bool {
        names.contains(name) || (ignoresCase && names.contains { PathText.sameName($0, name, ignoringCase: true) })
    }

    public var description: String {
        line.map { "type \(name) at \(file):\($0)" } ?? "file \(file)"
    }

    public static func < (lhs: DeclaredName, rhs: DeclaredName) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.name) < (rhs.file, rhs.line ?? 0, rhs.name)
    }
}
