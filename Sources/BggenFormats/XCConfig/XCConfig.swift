import Foundation

/// One build-setting assignment, from an xcconfig line or a pbxproj `buildSettings` entry.
package struct SettingAssignment: Sendable, Equatable {
    package var key: String
    /// Conditions such as `sdk` → `iphoneos*` from `KEY[sdk=iphoneos*]`; empty when unconditional.
    package var conditions: [String: String]
    package var value: String

    /// Splits `KEY[sdk=macosx*][arch=*]` into the key and its conditions.
    package init(qualifiedKey: String, value: String) {
        var conditions: [String: String] = [:]
        var key = qualifiedKey
        // Most keys have no bracket byte at all, which the bytes tell at once: a project's thousands of settings
        // made `firstIndex(of:)`'s walk over characters show in profiles of reading it.
        if let bracket = qualifiedKey.utf8.firstIndex(of: UInt8(ascii: "[")) {
            key = String(qualifiedKey[..<bracket])
            for part in qualifiedKey[bracket...].split(whereSeparator: { $0 == "[" || $0 == "]" }) {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2 {
                    conditions[pair[0].trimmingBlanks()] = pair[1].trimmingBlanks()
                }
            }
        }
        self.key = key.trimmingBlanks()
        self.conditions = conditions
        self.value = value
    }
}

/// An xcconfig file with its `#include`s expanded in place, so later lines override earlier ones as in Xcode.
///
/// `//` starts a comment anywhere on a line, as it does for Xcode (which is why URLs in xcconfigs are written
/// `https:/$()/…`). A missing `#include?` is normal (NetNewsWire's optional DeveloperSettings.xcconfig); a missing
/// plain `#include` is reported.
package struct XCConfigFile: Sendable {
    package var assignments: [SettingAssignment] = []
    /// `(including file, included path)` for each plain `#include` whose file is absent.
    package var missingIncludes: [(file: String, include: String)] = []
    /// Files that are there but were not read, and why: one outside the repository, not a regular file, too large,
    /// or an `#include` chain deeper than `NestingLimit`.
    package var unread: [(file: String, reason: String)] = []
    /// False when the file itself is absent (IceCubes keeps its real xcconfig out of git).
    package var exists = true

    /// `path` is relative to `root`.
    package static func load(_ path: String, root: String, fileSystem: any FileSystem) -> XCConfigFile {
        var result = XCConfigFile()
        var visited = Set<String>()
        guard fileSystem.kind(of: absolute(path, root: root)) == .file else {
            result.exists = false
            return result
        }
        read(path, root: root, fileSystem: fileSystem, into: &result, visited: &visited, depth: 0)
        return result
    }

    private static func absolute(_ path: String, root: String) -> String {
        PathText.join(root, path)
    }

    /// `depth` counts the `#include`s that led here, so a chain of 40,000 files stops at the nesting limit instead
    /// of overflowing the stack.
    private static func read(_ path: String, root: String, fileSystem: any FileSystem, into result: inout XCConfigFile,
                             visited: inout Set<String>, depth: Int) {
        guard !PathText.leavesRoot(path), visited.insert(path).inserted else { return }
        guard depth <= NestingLimit.maximum else {
            result.unread.append((path, "#include \(NestingLimit.reason)"))
            return
        }
        let text: String
        do {
            text = try fileSystem.read(absolute(path, root: root))
        } catch {
            result.unread.append((path, FileSystemError.cause(of: error)))
            return
        }
        for rawLine in TextLines.split(text) {
            var line = rawLine
            if let comment = commentStart(line) { line = line[..<comment] }
            let trimmed = line.trimmingBlanks()
            if trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                let include = String(trimmed[trimmed.index(after: open)..<close])
                let target = PathText.join(PathText.parent(of: path), include)
                if !PathText.leavesRoot(target), fileSystem.kind(of: absolute(target, root: root)) == .file {
                    read(target, root: root, fileSystem: fileSystem, into: &result, visited: &visited, depth: depth + 1)
                } else if !optional {
                    result.missingIncludes.append((path, include))
                }
                continue
            }
            // The `=` that assigns, not one inside a condition such as `[config=Debug]`.
            var depth = 0
            let equals = trimmed.firstIndex { character in
                if character == "[" { depth += 1 }
                if character == "]" { depth -= 1 }
                return character == "=" && depth == 0
            }
            guard let equals else { continue }
            let key = String(trimmed[..<equals]).trimmingBlanks()
            guard let first = key.first, first.isLetter || first == "_" else { continue }
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingBlanks()
            if value.hasSuffix(";") { value.removeLast() }
            result.assignments.append(SettingAssignment(qualifiedKey: key, value: value.trimmingBlanks()))
        }
    }

    /// Where the line's `//` starts, found in its bytes: Foundation's `range(of:)` went through `NSString` for each
    /// line, most of reading NetNewsWire's xcconfigs.
    private static func commentStart(_ line: Substring) -> String.Index? {
        let utf8 = line.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "/"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "/") { return index }
            index = next
        }
        return nil
    }
}
