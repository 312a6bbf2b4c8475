@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Issue 38.4: on macOS a secondary thread has 512 KiB of stack, and `swift test` builds for debug, whose frames are
/// the largest. Every recursive reader, given the hostile inputs of `HostileInputTests`, must stop at the nesting
/// limit on such a thread with the same one-line error as on the main thread.
@Suite("Readers on a macOS secondary thread's stack")
struct SmallStackTests {
    @Test(arguments: HostileInputTests.brokenRepositories.map(\.name))
    func aBrokenProjectFileIsTheSameErrorOnA512KiBThread(_ name: String) throws {
        let broken = try #require(HostileInputTests.brokenRepositories.first { $0.name == name })
        let folder = try TemporaryDirectory()
        for (path, data) in broken.files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let url = folder.url
        let run = SmallStack.run { Result { try InProcessRunner.run(["init", "--yes"], in: url) } }
        let output = try run.get()
        #expect(output.status == 1, "\(name): \(output.stderr.prefix(600))")
        #expect(output.stderr.contains(broken.place) && output.stderr.contains(broken.reason), "\(name): \(output.stderr.prefix(600))")
    }

    /// Each reader called alone on the small stack, since in a run some of them read on Dispatch's workers (the
    /// lexer, on the walk's threads) rather than on the thread that runs the command.
    @Test(arguments: ReaderInput.allCases)
    func eachRecursiveReaderStopsAtTheNestingLimitOnA512KiBThread(_ input: ReaderInput) {
        let reason = SmallStack.run { input.read() }
        #expect(reason?.contains(NestingLimit.reason) == true, "\(input): \(reason ?? "no error")")
    }

    enum ReaderInput: CaseIterable, CustomTestStringConvertible {
        case swiftInterpolations, yamlFlowLists, yamlFlowMaps, yamlBlockLists, yamlBlockMaps
        case openStepArrays, openStepDictionaries, xmlPlistArrays, xcconfigIncludes

        var testDescription: String { "\(self)" }

        /// The error the reader gives on input nested far past the limit, or nil when it gives none.
        func read() -> String? {
            let deep = 50_000
            do {
                switch self {
                case .swiftInterpolations:
                    let text = "let x = " + String(repeating: "\"\\(", count: deep) + "1" + String(repeating: ")\"", count: deep) + "\n"
                    _ = try SourceLexer.tokens(of: text, language: .swift)
                case .yamlFlowLists:
                    _ = try YAMLSubset.parse("a: " + String(repeating: "[", count: deep) + String(repeating: "]", count: deep) + "\n")
                case .yamlFlowMaps:
                    _ = try YAMLSubset.parse("a: " + String(repeating: "{b: ", count: deep) + "c" + String(repeating: "}", count: deep) + "\n")
                case .yamlBlockLists:
                    _ = try YAMLSubset.parse("a:\n  " + String(repeating: "- ", count: deep) + "x\n")
                case .yamlBlockMaps:
                    // Indentation grows with the depth, so 1,000 levels (half a megabyte) stand for 50,000.
                    _ = try YAMLSubset.parse((0..<1_000).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined() + String(repeating: " ", count: 1_000) + "v: 1\n")
                case .openStepArrays:
                    _ = try OpenStepParser.parse("{ a = " + String(repeating: "(", count: deep) + String(repeating: ")", count: deep) + "; }")
                case .openStepDictionaries:
                    _ = try OpenStepParser.parse(String(repeating: "{ a = ", count: deep) + "b" + String(repeating: "; }", count: deep))
                case .xmlPlistArrays:
                    let body = String(repeating: "<array>", count: deep) + String(repeating: "</array>", count: deep)
                    _ = try XMLPlistDocument(bytes: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict><key>K</key>\(body)</dict>\n</plist>\n".utf8))
                case .xcconfigIncludes:
                    var files: [String: String] = [:]
                    for index in 0..<deep { files["/repo/C\(index).xcconfig"] = "#include \"C\(index + 1).xcconfig\"\nK\(index) = v\n" }
                    return XCConfigFile.load("C0.xcconfig", root: "/repo", fileSystem: InMemoryFileSystem(files: files)).unread.first?.reason
                }
            } catch {
                return "\(error)"
            }
            return nil
        }
    }
}
