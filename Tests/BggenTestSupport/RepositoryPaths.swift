import Foundation

/// Folders of this repository, found from this source file so tests work from any working directory.
public enum RepositoryPaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let snapshots = root.appendingPathComponent("Snapshots")
    public static let templates = root.appendingPathComponent("Templates")

    /// The built `bggen` binary, next to the test bundle in the build folder.
    public static var binary: URL {
        get throws {
            var folder = Bundle.main.bundleURL
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("bggen")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                folder.deleteLastPathComponent()
            }
            let debug = root.appendingPathComponent(".build/debug/bggen")
            if FileManager.default.isExecutableFile(atPath: debug.path) { return debug }
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "bggen binary (run `swift build` first)"])
        }
    }
}
