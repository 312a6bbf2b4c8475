import Foundation

/// Temporary directories for one test process, removed when the process exits.
enum Scratch {
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("bggen-generated-code-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    /// A new, empty directory whose name starts with `purpose`.
    static func makeDirectory(_ purpose: String) throws -> URL {
        let directory = root.appendingPathComponent("\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes each source under its file name into a new directory and returns the files in the same order.
    static func writeSources(_ sources: [(fileName: String, contents: String)]) throws -> [URL] {
        let directory = try makeDirectory("sources")
        return try sources.map { source in
            let url = directory.appendingPathComponent(source.fileName)
            try source.contents.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
    }
}
