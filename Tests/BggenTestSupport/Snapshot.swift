import BggenCore
import Foundation

/// Golden-tree comparison for `Snapshots/<name>/`.
///
/// Byte for byte; a mismatch is reported as a unified diff per file. Re-recording happens only when
/// `BGGEN_RECORD_SNAPSHOTS=1` is set, and even then the test fails, so a recording run never passes by itself.
public enum Snapshot {
    public static let recordVariable = "BGGEN_RECORD_SNAPSHOTS"

    /// Returns a failure message, or nil when the tree matches.
    public static func verify(_ actual: [String: String], named name: String) throws -> String? {
        let folder = RepositoryPaths.snapshots.appendingPathComponent(name)
        let expected = try read(folder)
        guard expected != actual else { return nil }
        if ProcessInfo.processInfo.environment[recordVariable] == "1" {
            try? FileManager.default.removeItem(at: folder)
            for (path, contents) in actual {
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try contents.write(to: file, atomically: true, encoding: .utf8)
            }
            return "Recorded snapshot \(name); unset \(recordVariable) and run again."
        }
        var message = "Snapshot \(name) differs (set \(recordVariable)=1 to re-record):\n"
        for path in Set(expected.keys).union(actual.keys).sorted() where expected[path] != actual[path] {
            message += UnifiedDiff.make(
                old: expected[path] ?? "", new: actual[path] ?? "",
                oldLabel: expected[path] == nil ? "/dev/null" : "Snapshots/\(name)/\(path)",
                newLabel: actual[path] == nil ? "/dev/null" : "generated/\(path)"
            )
        }
        return message
    }

    private static func read(_ folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return result
        }
        for case let file as URL in enumerator where (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let relative = String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            result[relative] = try String(contentsOf: file, encoding: .utf8)
        }
        return result
    }
}
