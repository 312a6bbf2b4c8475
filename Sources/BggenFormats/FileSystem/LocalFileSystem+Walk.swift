import Dispatch
import Foundation
import Synchronization

extension LocalFileSystem {
    /// The walk on every core: each folder is opened relative to its parent with `O_NOFOLLOW` (so it lies inside
    /// `folder` by construction, and a link to a folder is never entered), listed once with `readdir`'s entry types,
    /// and its wanted files are read relative to it while other folders are listed. A repository's walk used to
    /// list every folder twice on one core (once by path to find the files, once to read them) before any file was
    /// read; that was half of doctor's time on a tree of 8,000 files.
    ///
    /// A link, a file system that gives no entry type, or a special file is looked at as `entries` looks at it and
    /// read through `readData`, which refuses it in the same words.
    public func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                                      reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        guard let top = openFolder(folder, within: root) else { return [] }
        return FolderWalk(request: request, folder: folder, root: root, fileSystem: self, body: body).run(from: top)
    }

    /// `folder` opened, when it lies inside `root`: checked once through the kernel's name for it, or, where the
    /// kernel cannot name it, opened from `/` one component at a time without following a link (`readData`'s
    /// portable route). Nil only when it is not a folder inside `root`: a missing kernel path must never make a
    /// walk find nothing (on a Mac every walk would, silently).
    func openFolder(_ folder: String, within root: String) -> Int32? {
        if kernelPaths.lookup != nil {
            let descriptor = Foundation.open(folder, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            if let real = kernelPaths.path(of: descriptor) {
                if lies(real, inside: root, orIsIt: true) { return descriptor }
                Foundation.close(descriptor)
                return nil
            }
            Foundation.close(descriptor)
        }
        guard let real = realPath(folder), lies(real, inside: root, orIsIt: true) else { return nil }
        return try? Self.openFolder(components: real.split(separator: "/").map(String.init), shownAs: folder)
    }
}

/// A folder's descriptor, closed when the last piece of work that uses it (its listing, a batch of its files)
/// is done; its walk counts the descriptors open.
private final class OpenFolder: @unchecked Sendable {
    let descriptor: Int32
    private let walk: any DescriptorCounting

    init(_ descriptor: Int32, of walk: any DescriptorCounting) {
        self.descriptor = descriptor
        self.walk = walk
        walk.openFolders.add(1, ordering: .relaxed)
    }

    deinit {
        Foundation.close(descriptor)
        walk.openFolders.subtract(1, ordering: .relaxed)
    }
}

private protocol DescriptorCounting: AnyObject, Sendable {
    var openFolders: Atomic<Int> { get }
}

/// One walk's shared queue of work, taken by one thread per core until the queue is empty and no thread is
/// still working (whose work may add more).
private final class FolderWalk<Value: Sendable>: DescriptorCounting, @unchecked Sendable {
    enum Work {
        /// `isUTF8`: whether every name on the way is, so a file below can be named again by path.
        case list(OpenFolder, relative: String, depth: Int, isUTF8: Bool)
        /// Files of one folder: the name to open relative to it, and the path relative to the walked folder.
        case read(OpenFolder, [(name: String, path: String)])
        /// Links and special files, read by full path.
        case readByPath([(path: String, isLink: Bool)])
    }

    /// Work waiting in the queue holds folders open; past this many open, a thread lists and reads what it finds
    /// itself, depth first, so a walk holds at most this many plus one per level on each thread (a process may
    /// hold 1,024 descriptors by default).
    private static var openFoldersLimit: Int { 256 }
    /// Files read as one piece of work: enough to make taking it cheap, few enough to share a large folder.
    private static var batchSize: Int { 32 }
    /// A thread's buffer, into which each file is read first: larger than most source files, which the walk's
    /// reader gets where they lie in it (see `FileSystem.walk`).
    private static var scratchSize: Int { 65_536 }

    /// The memory one thread of the walk lists folders and reads files into, made once for the thread, not for
    /// each folder and each batch of files.
    private struct Buffers {
        let listing: UnsafeMutableRawBufferPointer
        let scratch: UnsafeMutableRawBufferPointer
    }

    private struct Listing {
        var found: [WalkedFile<Value>] = []
        var files: [(name: String, path: String)] = []
        var byPath: [(path: String, isLink: Bool)] = []
        /// Wanted files whose path is not UTF-8: found, never read.
        var unnamed: [String] = []
        /// The folders to enter, each with its name's bytes and NUL (to open it even when they are not UTF-8).
        var folders: [(name: String, bytes: [CChar], isUTF8: Bool)] = []
    }

    let openFolders = Atomic<Int>(0)
    private let request: WalkRequest
    private let folder: String
    private let root: String
    private let fileSystem: LocalFileSystem
    private let body: (@Sendable (String, Result<Data, any Error>) -> Value)?
    private let condition = NSCondition()
    private var pending: [Work] = []
    private var working = 0
    private var walked: [WalkedFile<Value>] = []

    init(request: WalkRequest, folder: String, root: String, fileSystem: LocalFileSystem,
         body: (@Sendable (String, Result<Data, any Error>) -> Value)?) {
        self.request = request
        self.folder = folder
        self.root = root
        self.fileSystem = fileSystem
        self.body = body
    }

    /// Lists `descriptor` and everything below it on every core; the paths found, sorted unless asked otherwise.
    func run(from descriptor: Int32) -> [WalkedFile<Value>] {
        push(.list(OpenFolder(descriptor, of: self), relative: "", depth: 0, isUTF8: true))
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { _ in
            let buffers = Buffers(listing: .allocate(byteCount: FolderListing.bufferSize, alignment: 8),
                                  scratch: .allocate(byteCount: Self.scratchSize, alignment: 16))
            defer {
                buffers.listing.deallocate()
                buffers.scratch.deallocate()
            }
            while let next = take() {
                perform(next, buffers)
                condition.withLock {
                    working -= 1
                    if working == 0 && pending.isEmpty { condition.broadcast() }
                }
            }
        }
        return WalkedFile.inOrder(walked, for: request)
    }

    private func push(_ work: Work) {
        condition.withLock {
            pending.append(work)
            condition.signal()
        }
    }

    /// Nil when no work is left, or when the walk is cancelled: the work still queued is dropped (closing its
    /// folders) and each thread stops after the piece it is doing.
    private func take() -> Work? {
        condition.withLock {
            while true {
                if request.cancellation?.isCancelled == true { pending = [] }
                if !pending.isEmpty || working == 0 { break }
                condition.wait()
            }
            guard let next = pending.popLast() else {
                condition.broadcast()
                return nil
            }
            working += 1
            return next
        }
    }

    private func perform(_ work: Work, _ buffers: Buffers) {
        guard request.cancellation?.isCancelled != true else { return }
        if case .list(let open, let relative, let depth, let isUTF8) = work {
            return list(open, relative: relative, depth: depth, isUTF8: isUTF8, buffers)
        }
        guard let body else { return }
        var read: [WalkedFile<Value>] = []
        switch work {
        case .list:
            return
        case .read(let open, let files):
            for file in files where request.cancellation?.isCancelled != true {
                let limit = ReadLimit.bytes(for: file.name)
                let data = LocalFileSystem.read(file.name, in: open.descriptor, limit: limit, scratch: buffers.scratch).map { Result<Data, any Error>.success($0) }
                read.append(WalkedFile(path: file.path, isLink: false, value: body(file.path, data ?? readByPath(file.path))))
            }
        case .readByPath(let files):
            read = files.map { WalkedFile(path: $0.path, isLink: $0.isLink, value: body($0.path, readByPath($0.path))) }
        }
        condition.withLock { walked += read }
    }

    private func readByPath(_ path: String) -> Result<Data, any Error> {
        let full = PathText.join(folder, path)
        return Result { try fileSystem.readData(full, within: root, limit: ReadLimit.bytes(for: full)) }
    }

    /// Whether the walk reads the files it finds: what it reads is kept as it is read, with its value, and only a
    /// walk that reads nothing (or lists folders, which are never read) keeps the paths its listings find. Keeping
    /// each path twice made two generic values for every file of the tree, a metadata lookup each.
    private var readsFiles: Bool { body != nil && request.kind == .file }

    private func list(_ open: OpenFolder, relative: String, depth: Int, isUTF8: Bool, _ buffers: Buffers) {
        let listing = entries(of: open, relative: relative, depth: depth, isUTF8: isUTF8, into: buffers.listing)
        let queues = openFolders.load(ordering: .relaxed) < Self.openFoldersLimit
        if !readsFiles {
            condition.withLock { walked += listing.found }
        } else {
            for start in stride(from: 0, to: listing.files.count, by: Self.batchSize) {
                let batch = Work.read(open, Array(listing.files[start..<min(start + Self.batchSize, listing.files.count)]))
                if queues { push(batch) } else { perform(batch, buffers) }
            }
            if !listing.byPath.isEmpty { perform(.readByPath(listing.byPath), buffers) }
            if let body, !listing.unnamed.isEmpty {
                let unnamed = listing.unnamed.map { path in
                    WalkedFile(path: path, isLink: false, value: body(path, .failure(FileSystemError.nameNotUTF8(PathText.join(folder, path)))))
                }
                condition.withLock { walked += unnamed }
            }
        }
        for child in listing.folders {
            let descriptor = openat(open.descriptor, child.bytes, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            let child = Work.list(OpenFolder(descriptor, of: self), relative: relative.isEmpty ? child.name : "\(relative)/\(child.name)",
                                  depth: depth + 1, isUTF8: isUTF8 && child.isUTF8)
            if openFolders.load(ordering: .relaxed) < Self.openFoldersLimit { push(child) } else { perform(child, buffers) }
        }
    }

    /// One listing of the open folder: what the walk wants in it, its regular files to read, its links and special
    /// files to read by path, the wanted files whose path is not UTF-8 (issue 43: listed under a repaired name, such a
    /// file was opened by that name, failed, and its code went unseen), and the folders to enter.
    private func entries(of open: OpenFolder, relative: String, depth: Int, isUTF8 folderIsUTF8: Bool,
                         into buffer: UnsafeMutableRawBufferPointer) -> Listing {
        var result = Listing()
        let keepsFound = !readsFiles
        fileSystem.folderListing.forEach(in: open.descriptor, buffer: buffer) { entry in
            let (name, isUTF8) = DirectoryEntryName.name(of: entry)
            guard name != ".", name != ".." else { return }
            // Made for the entries kept only: most of a repository's names are neither wanted nor entered.
            func pathOfEntry() -> String { relative.isEmpty ? name : relative + "/" + name }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard fstatat(open.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                type = LocalFileSystem.entryType(ofMode: info.st_mode)
            }
            if type == Int32(DT_DIR) {
                if request.kind == .directory && request.wants(name) {
                    result.found.append(WalkedFile(path: pathOfEntry(), isLink: false))
                } else if depth < request.maximumDepth && request.enters(name) {
                    result.folders.append((name, DirectoryEntryName.bytes(of: entry).map { CChar(bitPattern: $0) } + [0], isUTF8))
                }
                return
            }
            guard request.kind == .file, request.wants(name) else { return }
            let path = pathOfEntry()
            guard isUTF8 && folderIsUTF8 else {
                if keepsFound { result.found.append(WalkedFile(path: path, isLink: false)) }
                result.unnamed.append(path)
                return
            }
            switch type {
            case Int32(DT_REG):
                if keepsFound { result.found.append(WalkedFile(path: path, isLink: false)) }
                result.files.append((name, path))
            case Int32(DT_LNK):
                // As `entries` lists it: a link counts when it leads to a file inside the repository.
                let full = PathText.join(folder, path)
                guard let target = fileSystem.realPath(full), fileSystem.lies(target, inside: root),
                      fileSystem.kind(of: target) == .file else { return }
                if keepsFound { result.found.append(WalkedFile(path: path, isLink: true)) }
                result.byPath.append((path, true))
            default:
                // A FIFO, device or socket is found, so whatever wanted it says why it is not read.
                if keepsFound { result.found.append(WalkedFile(path: path, isLink: false)) }
                result.byPath.append((path, false))
            }
        }
        return result
    }
}
