@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// Issue 38.5: every write bggen makes outside `bggen mcp` goes through write(2), because `FileHandle.write(_: Data)`
/// aborts the process on Apple's Foundation (an Objective-C exception) when the reader has gone.
@Suite("Writes through write(2)")
struct DescriptorWriteTests {
    @Test func aWriteToAPipeWhoseReaderHasGoneIsEPIPENotACrash() {
        signal(SIGPIPE, SIG_IGN)  // as bggen's StandardConsole does
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(DescriptorWrite.all("Which tasks?\n", to: ends[1]) == EPIPE)
    }

    @Test func everyByteIsWritten() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let text = String(repeating: "é", count: 20_000)  // 40,000 bytes, within a pipe's buffer
        #expect(DescriptorWrite.all(text, to: ends[1]) == nil)
        close(ends[1])
        let read = FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile()
        #expect(String(decoding: read, as: UTF8.self) == text)
    }

    /// The MCP server (Sources/BggenCLI/MCP) has writes of its own and is checked by its tests.
    @Test func noSourceOutsideMCPWritesThroughFileHandle() throws {
        let sources = RepositoryPaths.root.appendingPathComponent("Sources")
        var offenders: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) ?? .init()
        where url.pathExtension == "swift" && !url.path.contains("/Sources/BggenCLI/MCP/") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.range(of: #"\.write\(Data\(|(standardError|standardOutput|FileHandle\([^)]*\))\.write\((?!contentsOf:)"#, options: .regularExpression) != nil {
                offenders.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
