import Foundation

/// What a walk asks of a repository's folders: how deep it goes, which folders it enters, and which names it wants.
public struct WalkRequest: Sendable {
    /// `.file` for files, `.directory` for folders (such as `.xcodeproj` bundles), which are listed and not entered.
    public var kind: FileKind
    public var maximumDepth: Int
    public var enters: @Sendable (String) -> Bool
    public var wants: @Sendable (String) -> Bool

    public init(kind: FileKind = .file, maximumDepth: Int, enters: @escaping @Sendable (String) -> Bool,
                wants: @escaping @Sendable (String) -> Bool) {
        self.kind = kind
        self.maximumDepth = maximumDepth
        self.enters = enters
        self.wants = wants
    }
}

/// A path a walk found, relative to the folder it walked; `isLink` when it is a symbolic link to a file (so two
/// paths may be one file) or when the file system cannot tell.
public struct WalkedFile: Sendable, Equatable {
    public let path: String
    public let isLink: Bool

    public init(path: String, isLink: Bool) {
        self.path = path
        self.isLink = isLink
    }
}

extension FileSystem {
    /// `walk` through `entries` and `readFiles`: one folder at a time, then the files. Every link is reported as
    /// one, because `entries` does not tell links from files.
    public func walk(_ request: WalkRequest, below folder: String, within root: String,
                     reading body: (@Sendable (String, Result<Data, any Error>) -> Void)?) -> [WalkedFile] {
        var found: [String] = []
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            for entry in entries(in: relative.isEmpty ? folder : PathText.join(folder, relative), within: root) {
                let path = relative.isEmpty ? entry.name : "\(relative)/\(entry.name)"
                if entry.kind == request.kind && request.wants(entry.name) {
                    found.append(path)
                } else if entry.kind == .directory && depth < request.maximumDepth && request.enters(entry.name) {
                    pending.append((path, depth + 1))
                }
            }
        }
        found.sort()
        if let body, request.kind == .file {
            let paths = found
            readFiles(paths, below: folder, within: root) { index, data in body(paths[index], data) }
        }
        return found.map { WalkedFile(path: $0, isLink: request.kind == .file) }
    }
}
