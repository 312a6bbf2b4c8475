import BggenCore
import BggenTestSupport
import Foundation
import Synchronization
import Testing

/// `readFiles`, the disk's fast path for a walk's files (folders opened once, files relative to them), must read
/// exactly what `readData` reads and refuse exactly what it refuses, in the same words: the hostile-clone
/// guarantees are `readData`'s, and a clone may hold any of these.
@Suite("Reading a walk's files")
struct FolderReadTests {
    @Test func everyFileReadsAsReadDataReadsIt() throws {
        let repo = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try outside.write("secret\n", to: "Secret.swift")
        try repo.write("let a = 1\n", to: "A.swift")
        try repo.write("let b = 2\n", to: "App/Deep/Er/B.swift")
        try repo.write(String(repeating: "// padding\n", count: 400_000), to: "App/Huge.swift")
        let disk = FileManager.default
        try disk.createSymbolicLink(atPath: repo.path + "/App/Inside.swift", withDestinationPath: "Deep/Er/B.swift")
        try disk.createSymbolicLink(atPath: repo.path + "/App/Outside.swift", withDestinationPath: outside.path + "/Secret.swift")
        try disk.createSymbolicLink(atPath: repo.path + "/App/Zero.swift", withDestinationPath: "/dev/zero")
        try disk.createSymbolicLink(atPath: repo.path + "/Linked", withDestinationPath: "App/Deep")
        try disk.createSymbolicLink(atPath: repo.path + "/Away", withDestinationPath: outside.path)
        #expect(mkfifo(repo.path + "/App/Fifo.swift", 0o644) == 0)
        let files = ["A.swift", "App/Deep/Er/B.swift", "App/Huge.swift", "App/Inside.swift", "App/Outside.swift", "App/Zero.swift",
                     "App/Fifo.swift", "Linked/Er/B.swift", "Away/Secret.swift", "../\(PathText.name(of: outside.path))/Secret.swift",
                     "App/./Deep/Er/B.swift", "App/Missing.swift", "App/Deep"]
        let fileSystem = LocalFileSystem().contained(in: repo.path)
        let results = Mutex<[Int: String]>([:])
        fileSystem.readFiles(files, below: repo.path, within: repo.path) { index, result in
            results.withLock { $0[index] = Self.outcome(result) }
        }
        let read = results.withLock { $0 }
        for (index, file) in files.enumerated() {
            let path = PathText.join(repo.path, file)
            let expected = Self.outcome(Result { try fileSystem.readData(path, within: repo.path, limit: ReadLimit.bytes(for: path)) })
            #expect(read[index] == expected, "\(file)")
        }
        #expect(read[0] == "let a = 1\n")
        #expect(read[1] == "let b = 2\n")
        #expect(read[3] == "let b = 2\n")
        #expect(read[4]?.contains("outside the repository") == true, "\(read[4] ?? "")")
        #expect(read[5]?.contains("its real path is /dev/zero, outside the repository") == true, "\(read[5] ?? "")")
        #expect(read[6]?.contains("it is a FIFO") == true, "\(read[6] ?? "")")
        #expect(read[8]?.contains("outside the repository") == true, "\(read[8] ?? "")")
        #expect(read[9]?.contains("outside the repository") == true, "\(read[9] ?? "")")
    }

    /// Folders are held open a batch at a time (a process may hold 1,024 descriptors by default): more folders
    /// than one batch holds are all read.
    @Test func moreFoldersThanOneBatchAreAllRead() throws {
        let repo = try TemporaryDirectory()
        let files = (0..<600).map { "F\($0 % 300)/File\($0).swift" }
        for folder in 0..<300 { try FileManager.default.createDirectory(atPath: "\(repo.path)/F\(folder)", withIntermediateDirectories: false) }
        for (index, file) in files.enumerated() { #expect(FileManager.default.createFile(atPath: "\(repo.path)/\(file)", contents: Data("\(index)".utf8))) }
        let results = Mutex<[Int: String]>([:])
        LocalFileSystem().contained(in: repo.path).readFiles(files, below: repo.path, within: repo.path) { index, result in
            results.withLock { $0[index] = Self.outcome(result) }
        }
        let read = results.withLock { $0 }
        #expect(read.count == files.count)
        #expect(files.indices.allSatisfy { read[$0] == "\($0)" })
    }

    private static func outcome(_ result: Result<Data, any Error>) -> String {
        switch result {
        case .success(let data): String(decoding: data, as: UTF8.self)
        case .failure(let error): "error: \(error)"
        }
    }
}
