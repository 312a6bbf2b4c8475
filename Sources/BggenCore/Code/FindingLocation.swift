/// A place in the repository: a path relative to the root, and 1-based line and column (0 when unknown).
public struct FindingLocation: Sendable, Equatable, Hashable, Comparable {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: FindingLocation, rhs: FindingLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
