import Dispatch
import Foundation

extension LocalFileSystem {
    /// `folder` is opened once and checked to lie inside `root` (`openFolder`); every folder
    /// below it is opened relative to its parent with `O_NOFOLLOW`, so it lies inside `folder` by construction, and
    /// listed once; each file is opened relative to its folder. A file costs `openat`, `fstat`, `read` and `close`,
    /// none of them a walk from `/` (`readData` makes seven calls, three of them full path look-ups): a walk of
    /// 8,000 files spent most of its time in the kernel's path look-ups, and then in one `fstatat` per file.
    ///
    /// A file is opened only where its folder's listing says it is a regular file (not a link, FIFO or device), with
    /// `O_NONBLOCK | O_NOFOLLOW | O_NOCTTY`, and read only when `fstat` on the open descriptor sees a regular file
    /// within the limit, so a swap in between never reaches a read. Anything else (a link, a special file, a path
    /// with `..`, a failure) goes through `readData`, which refuses it with the same words.
    public func readFiles(_ files: [String], below folder: String, within root: String, body: @Sendable (Int, Result<Data, any Error>) -> Void) {
        guard let folders = FolderDescriptors(folder, within: root, fileSystem: self) else {
            return readOneByOne(files, below: folder, within: root, body: body)
        }
        defer { folders.closeAll() }
        var indices: [String: [Int]] = [:]
        var order: [String] = []
        for (index, file) in files.enumerated() {
            let parent = PathText.parent(of: file)
            if indices[parent] == nil { order.append(parent) }
            indices[parent, default: []].append(index)
        }
        let listing = UnsafeMutableRawBufferPointer.allocate(byteCount: FolderListing.bufferSize, alignment: 8)
        defer { listing.deallocate() }
        var batch: [(folder: Int32, index: Int, isRegular: Bool)] = []
        // The folders a batch reads stay open until it is read; a batch is cut before the open folders come near
        // the process's limit on descriptors (1,024 by default).
        func flush() {
            let reads = batch
            DispatchQueue.concurrentPerform(iterations: reads.count) { position in
                let (descriptor, index, isRegular) = reads[position]
                let file = files[index]
                let limit = ReadLimit.bytes(for: file)
                if isRegular, let data = Self.read(PathText.name(of: file), in: descriptor, limit: limit) {
                    return body(index, .success(data))
                }
                let path = PathText.join(folder, file)
                body(index, Result { try readData(path, within: root, limit: limit) })
            }
            batch = []
            folders.closeAllButTop()
        }
        for parent in order {
            let descriptor = folders.open(parent)
            let regular = descriptor >= 0 ? regularFiles(in: descriptor, listing: listing) : []
            batch += indices[parent, default: []].map { (descriptor, $0, regular.contains(PathText.name(of: files[$0]))) }
            if batch.count >= 2_048 || folders.count >= 256 { flush() }
        }
        flush()
    }

    /// The names of the regular files in the open folder `folder`, from one listing's entry types.
    private func regularFiles(in folder: Int32, listing: UnsafeMutableRawBufferPointer) -> Set<String> {
        var names = Set<String>()
        folderListing.forEach(in: folder, buffer: listing) { entry in
            guard Int32(entry.pointee.d_type) == Int32(DT_REG) else { return }
            let name = DirectoryEntryName.name(of: entry)
            if name.isUTF8 { names.insert(name.text) }
        }
        return names
    }

    /// The bytes of the file `name` in the open folder `folder`, listed as a regular file; nil when it is not one
    /// once open, or when a call fails, so `readData` says why.
    ///
    /// With `scratch`, the file is read into it first, and a read that leaves room in it is the whole file with no
    /// `fstat`: the listing said regular file, and what else could take its name between the listing and the open
    /// (a FIFO, a folder: a cloned repository holds no device a user could make) reads empty or fails, while a
    /// device whose reads never end fills `scratch` and meets the `fstat` below. A walk's file costs three calls
    /// instead of four (a quarter of doctor's calls, on 8,000 files). Such a file's bytes are handed over where they
    /// lie in `scratch`, not copied into memory of their own: valid until `scratch` is read into again. A copy of
    /// every file the walk read, which the first pass copies once more to keep, was a tenth of doctor's page faults
    /// on duckduckgo-iOS. A file that fills `scratch` is read on after what `scratch` holds, into memory of its size.
    static func read(_ name: String, in folder: Int32, limit: Int, scratch: UnsafeMutableRawBufferPointer? = nil) -> Data? {
        let descriptor = openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var first: UnsafeRawBufferPointer?
        if let scratch {
            var got = -1
            repeat { got = Foundation.read(descriptor, scratch.baseAddress!, scratch.count) } while got < 0 && errno == EINTR
            guard got >= 0 else { return nil }
            if got < scratch.count && got <= limit { return Data(bytesNoCopy: scratch.baseAddress!, count: got, deallocator: .none) }
            first = UnsafeRawBufferPointer(rebasing: scratch[..<got])
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        return try? readAll(descriptor, name, limit, size: Int(info.st_size), after: first)
    }
}

/// The folders below one top folder, each opened once relative to its parent without following a link; -1 for
/// one that could not be opened that way (a link, a `..`, a failure), whose files are then read by full path.
private final class FolderDescriptors {
    private var opened: [String: Int32]
    private let top: Int32

    /// Nil when `folder` cannot be opened or does not lie inside `root`.
    init?(_ folder: String, within root: String, fileSystem: LocalFileSystem) {
        guard let descriptor = fileSystem.openFolder(folder, within: root) else { return nil }
        top = descriptor
        opened = ["": descriptor]
    }

    var count: Int { opened.count }

    func open(_ relative: String) -> Int32 {
        if let known = opened[relative] { return known }
        let name = PathText.name(of: relative)
        let parent = open(PathText.parent(of: relative))
        var descriptor: Int32 = -1
        if parent >= 0 && !name.isEmpty && name != "." && name != ".." {
            descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        opened[relative] = descriptor
        return descriptor
    }

    func closeAllButTop() {
        for (relative, descriptor) in opened where !relative.isEmpty && descriptor >= 0 { Foundation.close(descriptor) }
        opened = ["": top]
    }

    func closeAll() {
        closeAllButTop()
        Foundation.close(top)
        opened = [:]
    }
}
