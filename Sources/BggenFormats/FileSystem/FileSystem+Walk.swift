import Foundation

/// What a walk asks of a repository's folders: how deep it goes, which folders it enters, and which names it wants.
public struct WalkRequest: Sendable {
    /// `.file` for files, `.directory` for folders (such as `.xcodeproj` bundles), which are listed and not entered.
    public var kind: FileKind
    public var maximumDepth: Int
    public var enters: @Sendable (String) -> Bool
    public var wants: @Sendable (String) -> Bool
    /// Whether the files come back sorted by path. A caller that keeps a few of many files sorts those itself:
    /// sorting 8,000 paths was a tenth of doctor's time on one core after the walk.
    public var isOrdered = true
    /// Looked at before each folder is listed and each file read: once it is cancelled the walk ends early, with
    /// what it found so far, for a caller that no longer wants the rest (`Background.cancel`).
    public var cancellation: Cancellation?

    public init(kind: FileKind = .file, maximumDepth: Int, enters: @escaping @Sendable (String) -> Bool,
                wants: @escaping @Sendable (String) -> Bool) {
        self.kind = kind
        self.maximumDepth = maximumDepth
        self.enters = enters
        self.wants = wants
    }
}

/// A path a walk found, relative to the folder it walked, with what reading it gave; `isLink` when it is a symbolic
/// link to a file (so two paths may be one file) or when the file system cannot tell.
public struct WalkedFile<Value: Sendable>: Sendable {
    public let path: String
    public let isLink: Bool
    /// What the walk's reader made of the file; nil when it was not read.
    public var value: Value?

    /// Always inlined: called for every file in the walk's code, which is generic over `Value`, it looked up the
    /// metadata of `Value?` and of `WalkedFile<Value>` at each call, where inlined the lookups are made once.
    @inline(__always)
    public init(path: String, isLink: Bool, value: Value? = nil) {
        self.path = path
        self.isLink = isLink
        self.value = value
    }

    /// Sorted by path: the walk's order, whichever file system walks, unless the request asks for none. The
    /// positions are sorted, not the files, so each file (with what reading it gave, which may be large) is moved
    /// once, not at every swap.
    static func inOrder(_ files: [WalkedFile], for request: WalkRequest) -> [WalkedFile] {
        guard request.isOrdered else { return files }
        let paths = files.map(\.path)
        return paths.indices.sorted { paths[$0] < paths[$1] }.map { files[$0] }
    }
}

extension FileSystem {
    /// The paths a walk that reads nothing finds, sorted.
    public func paths(_ request: WalkRequest, below folder: String, within root: String) -> [String] {
        walk(request, below: folder, within: root, reading: nil as (@Sendable (String, Result<Data, any Error>) -> Bool)?).map(\.path)
    }

    /// `walkThroughEntries`, for a disk with no walk of its own (the in-memory test disk).
    public func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                                      reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        walkThroughEntries(request, below: folder, within: root, reading: body)
    }

    /// `walk` through `entries` and `readFiles`: one folder at a time, then the files. Every file is reported as a
    /// link, because `entries` does not tell links from files. Named, so a test can hold a disk's walk to it.
    package func walkThroughEntries<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                                                     reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        var found: [WalkedFile<Value>] = []
        var pending: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast(), request.cancellation?.isCancelled != true {
            for entry in entries(in: relative.isEmpty ? folder : PathText.join(folder, relative), within: root) {
                let path = relative.isEmpty ? entry.name : "\(relative)/\(entry.name)"
                if entry.kind == request.kind && request.wants(entry.name) {
                    found.append(WalkedFile(path: path, isLink: request.kind == .file))
                } else if entry.kind == .directory && depth < request.maximumDepth && request.enters(entry.name) {
                    pending.append((path, depth + 1))
                }
            }
        }
        found = WalkedFile.inOrder(found, for: request)
        guard let body, request.kind == .file else { return found }
        let paths = found.map(\.path)
        let values = Slots<Value>(count: paths.count)
        readFiles(paths, below: folder, within: root) { index, data in
            guard request.cancellation?.isCancelled != true else { return }
            values.store(body(paths[index], data), at: index)
        }
        for (index, value) in values.values.enumerated() { found[index].value = value }
        return found
    }
}
