/// Where `--tests` writes the rehearsal tests: the app's own unit-test target, found in the project (an Xcode
/// unit-test bundle hosted by or depending on the app, an XcodeGen `bundle.unit-test` or Tuist `.unitTests`
/// target depending on it, a package's `.testTarget` depending on the module holding the generated code), with
/// the framework it already uses. bggen never creates a target: without one, the file goes to
/// `OutputRenderer.defaultRehearsalFolder` and the note says where to add one.
public struct RehearsalTarget: Sendable, Equatable {
    /// The test target's name.
    public let name: String
    /// The folder the file goes in, relative to the root.
    public let folder: String
    /// The module the tests `@testable import`: the app target's, or the package target's.
    public let appModule: String
    /// The target's files already `import Testing`: the rehearsals are Swift Testing, else XCTest.
    public let usesSwiftTesting: Bool
    /// What the user must do so the target compiles the file, as for the app's own files; nil when nothing
    /// (a synchronized folder, a package's test folder).
    public let integrationNote: String?

    /// The file name, the same in every target.
    public static let fileName = "BackgroundTaskRehearsalTests.swift"

    public var path: String { PathText.join(folder, Self.fileName) }
}
