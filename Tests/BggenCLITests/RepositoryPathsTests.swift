import BggenTestSupport
import Foundation
import Testing

/// Issue 38: the tests that run the built binary find the one built with them, under `swift test -c release` or
/// `--scratch-path` too, not only the `.build/debug` fallback: on both platforms it sits beside the test bundle
/// (`bggenPackageTests.xctest`, an executable on Linux and a bundle on macOS).
@Suite("The binary the tests run")
struct RepositoryPathsTests {
    @Test func theBinaryIsTheOneBesideTheTestBundle() throws {
        let binary = try RepositoryPaths.binary
        let beside = try FileManager.default.contentsOfDirectory(atPath: binary.deletingLastPathComponent().path)
        #expect(beside.contains("bggenPackageTests.xctest"), "\(binary.path)")
        #expect(binary.path != RepositoryPaths.root.appendingPathComponent(".build/debug/bggen").path)
    }
}
