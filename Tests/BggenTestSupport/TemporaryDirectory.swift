import Foundation

/// A fresh folder under the system temp directory, removed when the test drops it.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bggen-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Every regular file below the folder, keyed by relative path, as UTF-8 text.
    public func files() throws -> [String: String] {
        try read { try String(contentsOf: $0, encoding: .utf8) }
    }

    /// Every regular file below the folder, keyed by relative path, as bytes: for files that are not UTF-8.
    public func fileData() throws -> [String: Data] {
        try read { try Data(contentsOf: $0) }
    }

    private func read<Value>(_ contents: (URL) throws -> Value) throws -> [String: Value] {
        var result: [String: Value] = [:]
        guard let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return result
        }
        let base = url.resolvingSymlinksInPath().path
        for case let file as URL in enumerator {
            guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(file.resolvingSymlinksInPath().path.dropFirst(base.count + 1))
            result[relative] = try contents(file)
        }
        return result
    }

    /// Writes `contents` as an executable script at a relative path, creating folders, and returns its URL.
    ///
    /// A child process writes it, so the test process never holds the file open for writing: while it did, a child
    /// any other test forked at that moment inherited the descriptor, and running the script then failed with
    /// "Text file busy" (ETXTBSY) for as long as that child lived.
    @discardableResult
    public func writeExecutable(_ contents: String, to relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let written = try Subprocess.run(["sh", "-c", #"printf '%s' "$1" > "$2" && chmod 755 "$2""#, "sh", contents, file.path], in: url)
        guard written.exitCode == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
        return file
    }

    /// Writes `contents` at a relative path, creating folders.
    public func write(_ contents: String, to relative: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
    }
}
