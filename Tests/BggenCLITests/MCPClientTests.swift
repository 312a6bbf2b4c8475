import BggenTestSupport
import Foundation
import Testing

/// A real client: the reference Python MCP SDK drives the built `bggen mcp` through a whole session
/// (Tests/MCPClient/session.py). Skipped, saying so, when the SDK is not installed; `BGGEN_PYTHON` picks the
/// interpreter (default: python3 on the PATH).
@Suite struct MCPClientTests {
    static let python = ProcessInfo.processInfo.environment["BGGEN_PYTHON"] ?? "python3"

    static let sdkInstalled: Bool = {
        let probe = try? Subprocess.run([python, "-c", "import mcp"], in: FileManager.default.temporaryDirectory)
        if probe?.exitCode != 0 {
            print("MCPClientTests skipped: the Python MCP SDK is not installed for \(python); install it with `python3 -m pip install mcp` (or in a venv, and set BGGEN_PYTHON to its python).")
        }
        return probe?.exitCode == 0
    }()

    @Test(.enabled(if: sdkInstalled, "the Python MCP SDK is not installed: python3 -m pip install mcp, or set BGGEN_PYTHON"))
    func theReferenceClientRunsAWholeSession() throws {
        let folder = try Fixtures.copy("XcodeGen")
        let script = RepositoryPaths.root.appendingPathComponent("Tests/MCPClient/session.py")
        let run = try Subprocess.run([Self.python, script.path, try RepositoryPaths.binary.path, folder.path], in: folder.url)
        #expect(run.exitCode == 0, "\(run.output)")
        #expect(run.output.contains("session closed"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".bggen.json").path))
    }
}
