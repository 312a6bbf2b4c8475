@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Issue 43, item 3, and issue 38, item 5: `bggen mcp` writes through `write(2)` and ends with one line and exit 1
/// when its client goes away or the disk is full, and keeps at most `MCPMessageReader.maximumBytes` of one line.
@Suite struct MCPStreamTests {
    /// A reader over `chunks`, counting how many reads it made.
    private final class Source {
        var chunks: [[UInt8]]
        var reads = 0
        init(_ chunks: [[UInt8]]) { self.chunks = chunks }

        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            reads += 1
            guard !chunks.isEmpty else { return 0 }
            var chunk = chunks.removeFirst()
            if chunk.count > buffer.count {
                chunks.insert(Array(chunk[buffer.count...]), at: 0)
                chunk = Array(chunk[..<buffer.count])
            }
            chunk.withUnsafeBytes { buffer.copyMemory(from: $0) }
            return chunk.count
        }
    }

    private static let ping = MCPSessionTests.request(7, "ping")

    @Test func anEndlessLineIsAnsweredAtTheLimitAndNeverBuffered() {
        let endless = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
        let source = Source(Array(repeating: endless, count: 1_000) + [Array("\n\(Self.ping)\n".utf8)])
        var reader = MCPMessageReader(limit: 10_000, source: source.read)
        #expect(reader.next() == .tooLong)
        #expect(source.reads <= 3, "answered after \(source.reads) reads, not at the end of a 4 MB line")
        #expect(reader.next() == .line(Self.ping))
        #expect(reader.next() == nil)
    }

    @Test func linesUpToTheLimitAreKeptWithoutTheirLineEnds() {
        let atLimit = String(repeating: "a", count: 100), over = String(repeating: "b", count: 101)
        let source = Source([Array("\(atLimit)\r\n\(over)\nlast".utf8)])
        var reader = MCPMessageReader(limit: 100, source: source.read)
        #expect(reader.next() == .line(atLimit))
        #expect(reader.next() == .tooLong)
        #expect(reader.next() == .line("last"))
        #expect(reader.next() == nil)
    }

    @Test func aLineTooLongGetsAJSONRPCErrorAndTheSessionGoesOn() throws {
        let folder = try TemporaryDirectory()
        let session = MCPSession(console: FakeConsole(terminal: false, currentDirectory: folder.url.standardizedFileURL.path), fileSystem: LocalFileSystem())
        var input: ArraySlice<MCPInput> = [.tooLong, .line(Self.ping)]
        var replies: [String] = []
        let status = MCPCommand.serve(session, read: { input.popFirst() }, write: { replies.append($0); return nil }, report: { _ in })
        #expect(status == 0)
        #expect(replies.count == 2)
        let error = try JSONDecoder().decode(JSONValue.self, from: Data(replies[0].utf8))
        #expect(error[key: "id"] == .null)
        #expect(error[key: "error"]?[key: "code"] == .number(-32600))
        #expect(replies[1].contains(#""id":7"#) && replies[1].contains(#""result":{}"#), "\(replies[1])")
    }

    /// The built server, its replies going to a pipe whose reader is gone, to a closed stdout and to a full disk.
    @Test(arguments: [
        ("(sleep 1; printf '%s\\n' \"$1\") | \"$0\" mcp 2>\"$2\"; echo $? >>\"$2\"", "Broken pipe"),
        ("printf '%s\\n' \"$1\" | \"$0\" mcp 2>\"$2\" >&-; echo $? >>\"$2\"", "Bad file descriptor"),
        ("printf '%s\\n' \"$1\" | \"$0\" mcp 2>\"$2\" >/dev/full; echo $? >>\"$2\"", "No space left on device"),
    ])
    func aServerWhoseRepliesCannotBeWrittenSaysSoInOneLineAndExits1(script: String, reason: String) throws {
        guard reason != "No space left on device" || FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let folder = try TemporaryDirectory()
        let errors = folder.url.appendingPathComponent("stderr").path
        let binary = try RepositoryPaths.binary.path
        // The outer `| true` closes the pipe's reading end at once; the server's first reply comes a second later.
        _ = try BinaryRunner.run(["-c", "(\(script)) | true", binary, MCPSessionTests.initialize, errors], in: folder.url,
                                 executable: URL(fileURLWithPath: "/bin/sh"))
        let lines = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["bggen: could not write to stdout: \(reason)", "1"])
    }
}
