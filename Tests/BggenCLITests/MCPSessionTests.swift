@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// A scripted MCP session, in process: the handshake, the tool list, every tool, and each way a message or a
/// call can be wrong.
@Suite struct MCPSessionTests {
    /// Runs `lines` through one session in `folder`, as `bggen mcp` does, and returns the replies parsed.
    static func session(_ lines: [String], in folder: URL) -> (status: Int32, replies: [JSONValue], raw: [String]) {
        let session = MCPSession(console: FakeConsole(terminal: false, currentDirectory: folder.standardizedFileURL.path), fileSystem: LocalFileSystem())
        var input = lines[...]
        var raw: [String] = []
        let status = MCPCommand.serve(session, read: { input.popFirst().map(MCPInput.line) }, write: { raw.append($0); return nil }, report: { _ in })
        let replies = raw.map { (try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))) ?? .null }
        return (status, replies, raw)
    }

    static func request(_ id: Int, _ method: String, _ params: String = "{}") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
    }

    static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        request(id, "tools/call", #"{"name":"\#(tool)","arguments":\#(arguments)}"#)
    }

    static let initialize = request(1, "initialize", #"{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}"#)
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
    /// Every answer, with the XcodeGen fixture's own bundle identifier and deployment target (another is refused).
    static let answers = #""tasks":["refresh","processing"],"interval":"daily","network":false,"power":false,"bundleId":"io.element.elementx","ios":"18.5""#

    /// In an XcodeGen app that already has refresh code.
    @Test func aWholeSession() throws {
        let folder = try Fixtures.copy("XcodeGen")
        let (status, replies, raw) = Self.session([
            Self.initialize, Self.initialized,
            Self.request(2, "ping"),
            Self.request(3, "tools/list"),
            Self.call(4, "bggen_inspect", "{}"),
            Self.call(5, "bggen_plan", "{\(Self.answers)}"),
            Self.call(6, "bggen_apply", #"{"tasks":["refresh"]}"#),
            Self.call(7, "bggen_apply", "{\(Self.answers)}"),
            Self.call(8, "bggen_doctor", "{}"),
            Self.call(9, "bggen_fix", #"{"dryRun":true}"#),
            Self.call(10, "bggen_fix", #"{"dryRun":false}"#),
            "{not json",
            Self.call(11, "bggen_nope", "{}"),
            Self.call(12, "bggen_plan", #"{"interval":"sometimes",\#(Self.answers.replacingOccurrences(of: #""interval":"daily","#, with: ""))}"#),
            Self.request(13, "resources/list"),
        ], in: folder.url)
        // End of input ends the session, and every request got exactly one line; notifications none.
        #expect(status == 0)
        #expect(replies.count == 14)
        #expect(raw.allSatisfy { !$0.contains("\n") })
        let byID = Dictionary(replies.compactMap { reply in reply[key: "id"].map { ($0.inline, reply) } }, uniquingKeysWith: { a, _ in a })

        #expect(byID["1"]?[key: "result"]?[key: "protocolVersion"] == .string("2025-06-18"))
        #expect(byID["1"]?[key: "result"]?[key: "serverInfo"]?[key: "name"] == .string("bggen"))
        #expect(byID["2"]?[key: "result"] == .object([:]))

        let tools = byID["3"]?[key: "result"]?[key: "tools"]?.array ?? []
        #expect(tools.compactMap { $0[key: "name"]?.string } == ["bggen_inspect", "bggen_plan", "bggen_apply", "bggen_doctor", "bggen_fix"])
        let readOnly = tools.map { $0[key: "annotations"]?[key: "readOnlyHint"] }
        #expect(readOnly == [.bool(true), .bool(true), .bool(false), .bool(true), .bool(false)])

        let inspected = try Self.structured(byID["4"])
        #expect(inspected[key: "project"]?[key: "kind"] == .string("xcodeGen"), "\(inspected.inline)")
        #expect(inspected[key: "project"]?[key: "existingCode"]?.array?.isEmpty == false)
        #expect(inspected[key: "missing"]?.array?.contains(.string("tasks")) == true)

        let plan = try Self.structured(byID["5"])
        #expect(plan[key: "written"] == .bool(false) && plan[key: "exitStatus"] == .number(0))
        #expect(plan[key: "diffs"]?.array?.isEmpty == false)
        // The app's own refresh code is left alone, as init does.
        #expect(plan[key: "identifiers"]?[key: "processing"]?.string?.hasPrefix("io.element.elementx.") == true)
        #expect(plan[key: "notes"]?.array?.contains { $0.string?.hasPrefix("skipped refresh") == true } == true)

        let refused = try Self.structured(byID["6"], isError: true)
        #expect(refused[key: "exitStatus"] == .number(64))
        #expect(refused[key: "error"]?.string?.contains("missing: interval") == true)

        let applied = try Self.structured(byID["7"])
        #expect(applied[key: "written"] == .bool(true))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".bggen.json").path))

        let audit = try Self.structured(byID["8"])
        #expect(audit[key: "findings"]?.array != nil && audit[key: "exitStatus"] != nil)

        #expect(try Self.structured(byID["9"])[key: "written"] == .bool(false))
        #expect(try Self.structured(byID["10"])[key: "changes"] != nil)

        let parseError = replies.first { $0[key: "id"] == .null }
        #expect(parseError?[key: "error"]?[key: "code"] == .number(-32700))
        #expect(byID["11"]?[key: "error"]?[key: "code"] == .number(-32602))
        // A bad value is a tool error with the CLI's own message, not a protocol error.
        let badValue = try Self.structured(byID["12"], isError: true)
        #expect(badValue[key: "error"]?.string?.contains("sometimes") == true && badValue[key: "exitStatus"] == .number(64))
        #expect(byID["13"]?[key: "error"]?[key: "code"] == .number(-32601))
    }

    @Test func schemasComeFromTheOptionTable() throws {
        let apply = try #require(MCPTool.named("bggen_apply"))
        let properties = apply.definition[key: "inputSchema"]?[key: "properties"]
        for option in InitOptions.command.options where !["yes", "dry-run", "json", "quiet", "verbose", "next-steps", "color", "help"].contains(option.name) {
            #expect(properties?[key: MCPTool.argumentName(option.name)] != nil, "\(option.name)")
        }
        #expect(properties?[key: "bundleId"]?[key: "type"] == .string("string"))
        #expect(properties?[key: "network"]?[key: "type"] == .string("boolean"))
        #expect(properties?[key: "tasks"]?[key: "items"]?[key: "enum"]?.array?.count == TaskKind.allCases.count)
        #expect(properties?[key: "useGenerators"]?[key: "type"] == .string("boolean"))
        #expect(properties?[key: "yes"] == nil && properties?[key: "json"] == nil)
        #expect(apply.definition[key: "annotations"]?[key: "destructiveHint"] == .bool(true))
        let fix = try #require(MCPTool.named("bggen_fix"))
        #expect(fix.definition[key: "inputSchema"]?[key: "required"] == .array([.string("dryRun")]))
    }

    /// An app whose Info.plist lacks what its code registers: the dry run shows the diff and writes nothing, the
    /// real run writes it, and a second preview has nothing left to change.
    @Test func fixWritesOnlyWhenDryRunIsFalse() throws {
        let app = try Fixtures.copy("RegisteredIdentifiers")
        let before = try app.files()
        let run = Self.session([Self.initialize, Self.call(2, "bggen_fix", #"{"dryRun":true}"#), Self.call(3, "bggen_fix", "{}"),
                                Self.call(4, "bggen_fix", #"{"dryRun":false}"#), Self.call(5, "bggen_fix", #"{"dryRun":true}"#)], in: app.url)
        let preview = try Self.structured(run.replies[1])
        #expect(preview[key: "changes"]?.array?.count == 1 && preview[key: "written"] == .bool(false))
        #expect(preview[key: "changes"]?.array?.first?[key: "diff"]?.string?.contains("+") == true)
        let needsDryRun = try Self.structured(run.replies[2], isError: true)
        #expect(needsDryRun[key: "error"] == .string("bggen_fix needs the argument 'dryRun'."))
        let fixed = try Self.structured(run.replies[3])
        #expect(fixed[key: "written"] == .bool(true))
        #expect(try app.files() != before)
        #expect(try Self.structured(run.replies[4])[key: "changes"]?.array?.isEmpty == true)
    }

    /// The CLI's lock and containment hold for the tools: a folder another run holds is refused (exit 1), an
    /// output folder outside the app is refused (exit 64), and nothing is written either time.
    @Test func theLockAndTheFolderBoundsHold() throws {
        let app = try Fixtures.copy("XcodeGen")
        let before = try app.files()
        let lock = try RepositoryLock.acquire(root: app.path, shownAs: ".", fileSystem: LocalFileSystem())
        let locked = Self.session([Self.initialize, Self.call(2, "bggen_apply", "{\(Self.answers)}")], in: app.url)
        lock.release()
        #expect(try Self.structured(locked.replies.last, isError: true)[key: "exitStatus"] == .number(1))
        let outside = Self.session([Self.initialize, Self.call(2, "bggen_apply", #"{"output":"../elsewhere",\#(Self.answers)}"#)], in: app.url)
        let refused = try Self.structured(outside.replies.last, isError: true)
        #expect(refused[key: "exitStatus"] == .number(64), "\(refused.inline)")
        #expect(try app.files() == before)
        #expect(!FileManager.default.fileExists(atPath: app.url.deletingLastPathComponent().appendingPathComponent("elsewhere").path))
    }

    @Test func inANewFolderEveryAnswerIsMissing() throws {
        let folder = try TemporaryDirectory()
        let run = Self.session([Self.initialize, Self.call(2, "bggen_inspect", "{}")], in: folder.url)
        let inspected = try Self.structured(run.replies.last)
        #expect(inspected[key: "missing"]?.array?.compactMap(\.string) == ["tasks", "interval", "network", "power", "bundleId", "ios"])
        #expect(inspected[key: "project"] == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// The real process: end of input ends it at once, with nothing on stdout but protocol messages.
    @Test func theServerEndsAtEndOfInput() throws {
        let folder = try TemporaryDirectory()
        let run = try BinaryRunner.run(["mcp"], in: folder.url)
        #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty)
        let help = try BinaryRunner.run(["mcp", "--help"], in: folder.url)
        #expect(help.status == 0 && help.stdout.contains(MCPCommand.registration))
        let docs = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/mcp.md"), encoding: .utf8)
        #expect(docs.contains(MCPCommand.registration))
        #expect(try BinaryRunner.run(["mcp", "extra"], in: folder.url).status == 64)
    }

    /// The real process, fed a session on stdin: every stdout line is a JSON-RPC reply, one per request, even when
    /// a tool fails reading an app (whose notes the CLI prints on stderr).
    @Test func stdoutCarriesOnlyProtocolMessages() throws {
        let app = try Fixtures.copy("UnreadableApp")
        let lines = [Self.initialize, Self.initialized, Self.call(2, "bggen_inspect", "{}"), Self.call(3, "bggen_doctor", "{}"),
                     Self.call(4, "bggen_plan", "{\(Self.answers)}"), "{not json"]
        let input = try TemporaryDirectory()
        try input.write(lines.joined(separator: "\n") + "\n", to: "session.jsonl")
        let run = try Subprocess.run(["sh", "-c", "'\(try RepositoryPaths.binary.path)' mcp < '\(input.path)/session.jsonl' 2>/dev/null"], in: app.url)
        #expect(run.exitCode == 0)
        let replies = run.output.split(separator: "\n").map { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
        #expect(replies.count == 5, "\(run.output)")
        #expect(replies.allSatisfy { $0?[key: "jsonrpc"] == .string("2.0") }, "\(run.output)")
    }

    @Test func versionsAreNegotiated() throws {
        let folder = try TemporaryDirectory()
        let newest = Self.session([Self.request(1, "initialize", #"{"protocolVersion":"2099-01-01","capabilities":{}}"#)], in: folder.url)
        #expect(newest.replies.first?[key: "result"]?[key: "protocolVersion"] == .string(MCPSession.protocolVersions[0]))
        // Before 2025-06-18 a result has no structuredContent; the text carries the JSON.
        let old = Self.session([Self.request(1, "initialize", #"{"protocolVersion":"2024-11-05","capabilities":{}}"#),
                                Self.call(2, "bggen_inspect", "{}")], in: folder.url)
        #expect(old.replies.first?[key: "result"]?[key: "protocolVersion"] == .string("2024-11-05"))
        #expect(old.replies.last?[key: "result"]?[key: "structuredContent"] == nil)
        #expect(old.replies.last?[key: "result"]?[key: "content"]?.array?.first?[key: "text"]?.string?.hasPrefix("{") == true)
    }

    @Test func toolsWaitForInitialize() throws {
        let folder = try TemporaryDirectory()
        let run = Self.session([Self.request(1, "tools/list"), Self.request(2, "ping"), #"[1,2]"#, #"{"jsonrpc":"1.0","id":3,"method":"ping"}"#], in: folder.url)
        #expect(run.replies.map { $0[key: "error"]?[key: "code"] } == [.number(-32600), nil, .number(-32600), .number(-32600)])
    }

    /// A fake `xcodegen` on the PATH leaves a mark when it runs: only a call that sets useGenerators runs it.
    @Test func noToolRunsRepositoryCodeUnlessAsked() throws {
        let app = try Fixtures.copy("XcodeGen")
        let tools = try TemporaryDirectory()
        let mark = tools.url.appendingPathComponent("ran")
        try tools.writeExecutable("#!/bin/sh\ntouch '\(mark.path)'\nexit 1\n", to: "bin/xcodegen")
        let console = FakeConsole(terminal: false, environment: ["PATH": tools.url.appendingPathComponent("bin").path + ":/usr/bin:/bin"], currentDirectory: app.path)
        let runner = MCPToolRunner(console: console, fileSystem: LocalFileSystem())
        for name in ["bggen_inspect", "bggen_doctor"] {
            _ = runner.call(try #require(MCPTool.named(name)), arguments: [:])
            #expect(!FileManager.default.fileExists(atPath: mark.path), "\(name)")
        }
        _ = runner.call(try #require(MCPTool.named("bggen_doctor")), arguments: ["useGenerators": .bool(true)])
        #expect(FileManager.default.fileExists(atPath: mark.path))
    }

    static func structured(_ reply: JSONValue?, isError: Bool = false) throws -> JSONValue {
        let result = try #require(reply?[key: "result"], "\(String(describing: reply))")
        #expect(result[key: "isError"] == .bool(isError), "\(result.inline)")
        return try #require(result[key: "structuredContent"])
    }
}
