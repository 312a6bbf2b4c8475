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
        // made `firstIndex(of:)`'s walk over characters show in profiles of reading it. The bytes are read in place
        // (`withUTF8`): `utf8.firstIndex(of:)`'s index walk was 700 instructions a key.
        var copy = qualifiedKey
        let (offset, isASCII) = copy.withUTF8 { ($0.firstIndex(of: UInt8(ascii: "[")), $0.allSatisfy { $0 < 0x80 }) }
        if let offset {
            let bracket = qualifiedKey.utf8.index(qualifiedKey.utf8.startIndex, offsetBy: offset)
            key = String(qualifiedKey[..<bracket])
            // An ASCII key is split on its bytes, where a byte is a character: walking the characters of a
            // conditional key was most of reading it (10,000 instructions a key).
            conditions = isASCII
                ? Self.conditions(qualifiedKey.utf8[bracket...], isBracket: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") },
                                  equals: UInt8(ascii: "="), text: { String(decoding: $0, as: UTF8.self).trimmingBlanks() })
                : Self.conditions(qualifiedKey[bracket...], isBracket: { $0 == "[" || $0 == "]" }, equals: "=", text: { $0.trimmingBlanks() })
        }
        self.key = key.trimmingBlanks()
        self.conditions = conditions
        self.value = value
    }

    /// `[sdk=macosx*][arch=*]`: each part between brackets that has an `=`, split at its first, with the blanks
    /// around each side trimmed (`text`).
    private static func conditions<Text: Collection>(_ brackets: Text, isBracket: (Text.Element) -> Bool, equals: Text.Element,
                                                     text: (Text) -> String) -> [String: String]
        where Text.SubSequence == Text, Text.Element: Equatable {
        var conditions: [String: String] = [:]
        for part in brackets.split(whereSeparator: isBracket) {
            let pair = part.split(separator: equals, maxSplits: 1)
            if pair.count == 2 {
                conditions[text(pair[0])] = text(pair[1])
            }
        }
        return conditions
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
        var reads = XCConfigReads(root: root, fileSystem: fileSystem)
        return reads.load(path)
    }
}

/// The xcconfigs of one repository, each read and split into its lines once, however many files include it: a
/// project's configurations are based on a dozen files that include the same few (NetNewsWire's codesigning and
/// target files), and reading those again for each file including them was half of reading its xcconfigs.
package struct XCConfigReads {
    private let root: String
    private let fileSystem: any FileSystem
    /// Each file read, by its path relative to the root.
    private var files: [String: ReadFile] = [:]
    /// Whether each path asked about is a regular file.
    private var isFile: [String: Bool] = [:]

    package init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.fileSystem = fileSystem
    }

    /// The file at `path`, relative to the root, with its `#include`s expanded.
    package mutating func load(_ path: String) -> XCConfigFile {
        var result = XCConfigFile()
        guard isFile(path) else {
            result.exists = false
            return result
        }
        var visited = Set<String>()
        read(path, into: &result, visited: &visited, depth: 0)
        return result
    }

    /// A file's lines that mean something, or why it could not be read.
    private enum ReadFile {
        case lines([Line])
        case unreadable(reason: String)
    }

    private enum Line {
        case assignment(SettingAssignment)
        /// `#include "include"` (`#include?` when `optional`), and the included file's path relative to the root.
        case include(String, path: String, optional: Bool)
    }

    private mutating func isFile(_ path: String) -> Bool {
        if let known = isFile[path] { return known }
        let found = fileSystem.kind(of: PathText.join(root, path)) == .file
        isFile[path] = found
        return found
    }

    /// `depth` counts the `#include`s that led here, so a chain of 40,000 files stops at the nesting limit instead
    /// of overflowing the stack.
    private mutating func read(_ path: String, into result: inout XCConfigFile, visited: inout Set<String>, depth: Int) {
        guard !PathText.leavesRoot(path), visited.insert(path).inserted else { return }
        guard depth <= NestingLimit.maximum else {
            result.unread.append((path, "#include \(NestingLimit.reason)"))
            return
        }
        switch file(path) {
        case .unreadable(let reason):
            result.unread.append((path, reason))
        case .lines(let lines):
            for line in lines {
                switch line {
                case .assignment(let assignment):
                    result.assignments.append(assignment)
                case .include(let include, let target, let optional):
                    if !PathText.leavesRoot(target), isFile(target) {
                        read(target, into: &result, visited: &visited, depth: depth + 1)
                    } else if !optional {
                        result.missingIncludes.append((path, include))
                    }
                }
            }
        }
    }

    private mutating func file(_ path: String) -> ReadFile {
        if let known = files[path] { return known }
        let found: ReadFile
        do {
            found = .lines(Self.lines(of: try fileSystem.read(PathText.join(root, path)), path: path))
        } catch {
            found = .unreadable(reason: FileSystemError.cause(of: error))
        }
        files[path] = found
        return found
    }

    private static func lines(of text: String, path: String) -> [Line] {
        var lines: [Line] = []
        for rawLine in TextLines.split(text) {
            var line = rawLine
            if let comment = commentStart(line) { line = line[..<comment] }
            let trimmed = line.trimmingBlanks()
            if trimmed.utf8.first == UInt8(ascii: "#") && trimmed.hasPrefix("#include") {
                let optional = trimmed.hasPrefix("#include?")
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""), open < close else { continue }
                let include = String(trimmed[trimmed.index(after: open)..<close])
                lines.append(.include(include, path: PathText.join(PathText.parent(of: path), include), optional: optional))
                continue
            }
            guard let equals = assigningEquals(in: trimmed) else { continue }
            let key = String(trimmed[..<equals]).trimmingBlanks()
            guard let first = key.first, first.isLetter || first == "_" else { continue }
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingBlanks()
            if value.hasSuffix(";") { value.removeLast() }
            lines.append(.assignment(SettingAssignment(qualifiedKey: key, value: value.trimmingBlanks())))
        }
        return lines
    }

    /// The `=` that assigns, not one inside a condition such as `[config=Debug]`. A line of ASCII, nearly every
    /// line, is read by its bytes, each of which is a character: going through its characters was most of reading
    /// NetNewsWire's xcconfigs.
    private static func assigningEquals(in line: String) -> String.Index? {
        var depth = 0
        let utf8 = line.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return utf8.firstIndex { byte in
                if byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "]") { depth -= 1 }
                return byte == UInt8(ascii: "=") && depth == 0
            }
        }
        return line.firstIndex { character in
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            return character == "=" && depth == 0
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
