import Foundation

/// Path arithmetic on plain strings, relative to the repository root.
///
/// The detector reports every path relative to the root so the report reads the same on any machine, and works the
/// same on the in-memory file system the tests use, where `URL` would resolve against the real disk.
package enum PathText {
    /// Joins and normalises; an absolute `child` replaces `base`. Leading `..` that climb out of the root are kept.
    package static func join(_ base: String, _ child: String) -> String {
        if child.hasPrefix("/") { return normalize(child) }
        if base.isEmpty { return normalize(child) }
        if child.isEmpty { return normalize(base) }
        return normalize(joined(base, child))
    }

    /// `base + "/" + child`, made in one allocation: the two concatenations, each growing the string, were two
    /// thirds of a join (1,500 instructions of 2,400 a file of a project).
    private static func joined(_ base: String, _ child: String) -> String {
        var base = base, child = child
        return base.withUTF8 { base in
            child.withUTF8 { child in
                String(unsafeUninitializedCapacity: base.count + 1 + child.count) { buffer in
                    let start = buffer.baseAddress!
                    if !base.isEmpty { start.initialize(from: base.baseAddress!, count: base.count) }
                    start[base.count] = UInt8(ascii: "/")
                    if !child.isEmpty { (start + base.count + 1).initialize(from: child.baseAddress!, count: child.count) }
                    return base.count + 1 + child.count
                }
            }
        }
    }

    package static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        if let normal = normalizeASCII(path) { return normal }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// `normalize` of an ASCII path, on its bytes; nil for any other path. Splitting by Characters cost 30,000
    /// instructions for a spec's `../Sources`, 28% of reading element-x's XcodeGen spec. In ASCII every Character
    /// but CR-LF is one byte, so a `/` byte is a `/` Character; beyond it a `/` may join the combining mark after it
    /// into one Character, which the Character split keeps whole.
    private static func normalizeASCII(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let absolute = bytes.first == slash
            // The kept components, as ranges of `bytes`.
            var parts: [Range<Int>] = []
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
                defer { start = end + 1 }
                let length = end - start
                if length == 0 || length == 1 && bytes[start] == dot { continue }
                let climbs = length == 2 && bytes[start] == dot && bytes[start + 1] == dot
                if climbs, let last = parts.last, !(last.count == 2 && bytes[last.lowerBound] == dot && bytes[last.lowerBound + 1] == dot) {
                    parts.removeLast()
                } else if climbs, absolute {
                    continue
                } else {
                    parts.append(start..<end)
                }
            }
            var result: [UInt8] = absolute ? [slash] : []
            result.reserveCapacity(bytes.count)
            for (index, part) in parts.enumerated() {
                if index > 0 { result.append(slash) }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[part]))
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Whether `normalize` would return `path` unchanged: no empty, `.` or `..` component and no trailing slash.
    /// Checked on the bytes, since a walk joins a path for every file it reads (12% of doctor's time went to
    /// splitting and joining paths that were normal already).
    /// The bytes are read in place (`withUTF8`): iterating `utf8` cost 1,500 instructions a path. Only the first
    /// byte of each component is looked at closely (a slash there is an empty component, a dot may start `.` or
    /// `..`); the rest is passed over to the next slash.
    private static func isNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            // Empty, or ending in a slash (the root alone too).
            guard let last = bytes.last, last != slash else { return false }
            // A leading slash starts an absolute path; with no trailing slash, every component has a first byte.
            var start = bytes[0] == slash ? 1 : 0
            while true {
                if bytes[start] == slash { return false }
                var end = start
                if bytes[start] == dot {
                    // Dots alone (`.`, `..`, and `...`, which `normalize` keeps as it is) go to the full normalisation.
                    while end < bytes.count && bytes[end] == dot { end += 1 }
                    if end == bytes.count || bytes[end] == slash { return false }
                }
                while end < bytes.count && bytes[end] != slash { end += 1 }
                guard end < bytes.count else { return true }
                start = end + 1
            }
        }
    }

    /// "" for a path with one component. Found on the path's bytes in place, as in `name(of:)`.
    package static func parent(of path: String) -> String {
        var copy = path
        return copy.withUTF8 { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
    }

    /// Found on the path's bytes, in place: the index walk of `String.UTF8View.lastIndex(of:)` cost 1,600 instructions
    /// a path, once for every file the first pass reads.
    package static func name(of path: String) -> String {
        var copy = path
        return copy.withUTF8 { bytes in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]), as: UTF8.self)
        }
    }

    /// Whether `path` ends in `ending` (an extension such as ".swift"), compared as bytes: `hasSuffix` compares
    /// characters, 200 instructions a call, and a walk asks it several times of every file it reads.
    package static func endsIn(_ path: String, _ ending: String) -> Bool {
        var path = path
        var ending = ending
        return path.withUTF8 { bytes in
            ending.withUTF8 { ending in
                ending.isEmpty || bytes.count >= ending.count
                    && memcmp(bytes.baseAddress! + (bytes.count - ending.count), ending.baseAddress!, ending.count) == 0
            }
        }
    }

    /// `path` relative to `folder`, or nil when it is not inside it ("" when they are equal).
    package static func relative(_ path: String, to folder: String) -> String? {
        if folder.isEmpty { return path }
        if path == folder { return "" }
        guard path.hasPrefix(folder + "/") else { return nil }
        return String(path.dropFirst(folder.count + 1))
    }

    /// Every `folder` that `isInside(path, folder)` holds for: "", each prefix ending before a `/`, and `path`
    /// itself. Looking these up in a table of folders finds the ones holding `path` in time linear in its length,
    /// whatever the table's size.
    package static func holdingFolders(of path: String) -> [Substring] {
        var result: [Substring] = [""]
        for index in path.utf8.indices where path.utf8[index] == UInt8(ascii: "/") {
            result.append(path[..<index])
        }
        if !path.isEmpty { result.append(path[...]) }
        return result
    }

    /// Whether `path` is `folder` or below it.
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        relative(path, to: folder) != nil
    }

    /// Whether `path` is `folder` or below it on a volume that tells names apart by case only when `ignoringCase`
    /// is false (`VolumeCase`): compared one component at a time, since a case-folded path may not have the
    /// original's length.
    package static func isInside(_ path: String, _ folder: String, ignoringCase: Bool) -> Bool {
        if isInside(path, folder) { return true }
        guard ignoringCase else { return false }
        if folder == "/" { return path.hasPrefix("/") }
        let folderParts = folder.split(separator: "/", omittingEmptySubsequences: false)
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: false)
        return pathParts.count >= folderParts.count && zip(folderParts, pathParts).allSatisfy { sameName($0, $1, ignoringCase: true) }
    }

    /// Whether two file names name one file: equal, or with `ignoringCase` equal once case-folded (as APFS's
    /// default compares them; Swift's `==` already treats canonically equivalent accents as equal, as APFS does).
    package static func sameName(_ one: some StringProtocol, _ other: some StringProtocol, ignoringCase: Bool) -> Bool {
        one == other || (ignoringCase && folded(one) == folded(other))
    }

    /// Whether `name` ends in `suffix` (`.xcodeproj`), compared as `sameName` compares.
    package static func hasSuffix(_ name: String, _ suffix: String, ignoringCase: Bool) -> Bool {
        name.hasSuffix(suffix) || (ignoringCase && folded(name).hasSuffix(folded(suffix)))
    }

    /// The name as a case-insensitive volume compares it: Unicode's full case folding, not `lowercased()`, which
    /// keeps `ß` apart from `ss`, a final `ς` apart from `Σ` and `ﬁ` apart from `FI`, where APFS equates each pair
    /// (its names are compared case-folded). Foundation's `.caseInsensitive` folding is that
    /// folding on both Darwin and Linux, without a locale (so a Turkish `I` folds as everywhere else).
    package static func folded(_ name: some StringProtocol) -> String {
        String(name).folding(options: .caseInsensitive, locale: nil)
    }

    /// True when the path climbs out of the repository, so bggen must not read or write it.
    package static func leavesRoot(_ path: String) -> Bool {
        path.hasPrefix("/") || path == ".." || path.hasPrefix("../")
    }
}
