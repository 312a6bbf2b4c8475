import Foundation

/// Folders of this repository, found from this source file so tests work from any working directory.
public enum RepositoryPaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let snapshots = root.appendingPathComponent("Snapshots")
    public static let templates = root.appendingPathComponent("Templates")

    /// The built `bggen` binary, beside the tests in the build folder whatever its configuration (`-c release`) or
    /// scratch path (`--scratch-path`). Looked for from the bundle holding this code (on macOS the `.xctest` bundle,
    /// since `Bundle.main` there is Xcode's `xctest` or SwiftPM's testing helper) and from the test executable
    /// (`Bundle.main` on Linux), then in `.build/debug`.
    public static var binary: URL {
        get throws {
            for start in [Bundle(for: BundleMarker.self).bundleURL, Bundle.main.bundleURL] {
                var folder = start
                for _ in 0..<4 {
                    let candidate = folder.appendingPathComponent("bggen")
                    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                    folder.deleteLastPathComponent()
                }
            }
            let debug = root.appendingPathComponent(".build/debug/bggen")
            if FileManager.default.isExecutableFile(atPath: debug.path) { return debug }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "bggen binary (run `swift build` first)"])
        }
    }

    /// A class of this module, whose bundle is the test bundle the tests run from.
    private final class BundleMarker {}
}
