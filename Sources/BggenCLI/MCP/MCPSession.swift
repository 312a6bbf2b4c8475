import BggenCore
import BggenFormats
import Foundation

/// One Model Context Protocol session: JSON-RPC 2.0 messages in, one per line, and the replies out, one per line.
/// Requests are answered in order, one at a time, so two tools never write the same folder at once from one
/// session (another process is kept out by the repository lock).
final class MCPSession {
    /// The revisions this server speaks, newest first: those the `initialize` handshake negotiates.
    static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// From this revision on a tool result carries `structuredContent`; before it, the JSON text alone.
    private static let structuredContentSince = "2025-06-18"

    private let runner: MCPToolRunner
    /// The revision agreed in `initialize`; nil until then.
    private(set) var protocolVersion: String?
    /// A stop signal that arrived while a tool wrote; the server answers, then ends with 128 + its number.
    private(set) var stoppedBy: Int32?

    /// The tools this session offers: all, or with `bggen mcp --read-only` only those that write nothing, so a
    /// tool that writes is neither listed nor callable.
    let tools: [MCPTool]

    init(console: any Console, fileSystem: any FileSystem, readOnly: Bool = false) {
        runner = MCPToolRunner(console: console, fileSystem: fileSystem)
        tools = MCPTool.all.filter { !readOnly || !$0.writes }
    }

    /// The answer to a line longer than `MCPMessageReader.maximumBytes`, sent as soon as it is that long; the rest
    /// of the line is discarded.
    static let tooLong = error(id: "null", .invalidRequest, "Invalid Request: a message longer than \(MCPMessageReader.maximumBytes) bytes was discarded up to its newline")

    /// JSON-RPC error codes.
    enum ErrorCode: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    }

    private struct Failure: Error {
        let code: ErrorCode
        let message: String
    }

    /// The reply to one line, or nil for a notification, a response or a blank line.
    func handle(_ line: String) -> String? {
        guard !line.allSatisfy(\.isWhitespace) else { return nil }
        // Read strictly: a key written twice (`{"dryRun": false, "dryRun": true}`) is refused, since clients differ
        // on which one counts, and each member's text is kept, so a numeric id is echoed as it was written.
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: line)
        } catch {
            return Self.error(id: "null", .parseError, "Parse error: the line is not JSON (\(error.problem))")
        }
        guard case .object(let fields) = document.value else {
            return Self.error(id: "null", .invalidRequest, "Invalid Request: send one JSON-RPC object per line (batches are not supported)")
        }
        let id = Self.validID(fields["id"], written: document.memberSources["id"])
        guard fields["jsonrpc"] == .string("2.0") else {
            return Self.error(id: id ?? "null", .invalidRequest, "Invalid Request: jsonrpc must be \"2.0\"")
        }
        guard case .string(let method)? = fields["method"] else {
            // A response to a request of ours (the server sends none) is dropped; anything else is malformed.
            if fields["result"] != nil || fields["error"] != nil { return nil }
            return Self.error(id: id ?? "null", .invalidRequest, "Invalid Request: no method")
        }
        guard fields["id"] != nil else {
            // Notifications (notifications/initialized, notifications/cancelled …) need no answer.
            return nil
        }
        guard let id else {
            return Self.error(id: "null", .invalidRequest, "Invalid Request: id must be a string or a number")
        }
        let params = fields["params"] ?? .object([:])
        do {
            return Self.encode(id: id, ["jsonrpc": .string("2.0"), "result": try respond(to: method, params: params)])
        } catch {
            return Self.error(id: id, error.code, error.message)
        }
    }

    private func respond(to method: String, params: JSONValue) throws(Failure) -> JSONValue {
        guard case .object(let params) = params else { throw Failure(code: .invalidParams, message: "Invalid params: params must be an object") }
        switch method {
        case "ping":
            return .object([:])
        case "initialize":
            return try initialize(params)
        default:
            break
        }
        guard protocolVersion != nil else {
            throw Failure(code: .invalidRequest, message: "Invalid Request: send initialize before \(method)")
        }
        switch method {
        case "tools/list":
            return .object(["tools": .array(tools.map(\.definition))])
        case "tools/call":
            return try call(params)
        default:
            throw Failure(code: .methodNotFound, message: "Method not found: \(method)")
        }
    }

    /// Version negotiation as the specification describes it: the client's revision when the server speaks it,
    /// otherwise the newest the server speaks (the client then decides whether to go on).
    private func initialize(_ params: [String: JSONValue]) throws(Failure) -> JSONValue {
        guard protocolVersion == nil else { throw Failure(code: .invalidRequest, message: "Invalid Request: initialize was already called") }
        guard case .string(let requested)? = params["protocolVersion"] else {
            throw Failure(code: .invalidParams, message: "Invalid params: initialize needs protocolVersion")
        }
        let agreed = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
        protocolVersion = agreed
        return .object([
            "protocolVersion": .string(agreed),
            "capabilities": .object(["tools": .object(["listChanged": .bool(false)])]),
            "serverInfo": .object(["name": .string("bggen"), "title": .string("bggen: iOS background work"), "version": .string(HelpText.version)]),
            "instructions": .string(MCPCommand.instructions),
        ])
    }

    private func call(_ params: [String: JSONValue]) throws(Failure) -> JSONValue {
        guard case .string(let name)? = params["name"] else { throw Failure(code: .invalidParams, message: "Invalid params: tools/call needs a tool name") }
        guard let tool = tools.first(where: { $0.name.rawValue == name }) else {
            let readOnly = MCPTool.named(name)?.writes == true ? " (it writes, and this server was started with --read-only)" : ""
            throw Failure(code: .invalidParams, message: "Unknown tool: \(name)\(readOnly); the tools are \(tools.map(\.name.rawValue).joined(separator: ", "))")
        }
        var arguments: [String: JSONValue] = [:]
        switch params["arguments"] {
        case nil, .null?: break
        case .object(let given)?: arguments = given
        default: throw Failure(code: .invalidParams, message: "Invalid params: arguments must be an object")
        }
        let outcome = runner.call(tool, arguments: arguments)
        if let signal = outcome.stoppedBy { stoppedBy = signal }
        var text = Self.encodeLine(outcome.content)
        if outcome.isError, case .string(let message)? = outcome.content[key: "error"] {
            let status = outcome.content[key: "exitStatus"].map(\.inline) ?? "\(ExitStatus.failure)"
            text = "error: \(TerminalText.escaped(message)) (exit status \(status))"
        }
        var result: [String: JSONValue] = ["content": .array([.object(["type": .string("text"), "text": .string(text)])]), "isError": .bool(outcome.isError)]
        if let version = protocolVersion, version >= Self.structuredContentSince {
            result["structuredContent"] = outcome.content
        }
        return .object(result)
    }

    /// A string or a number, as the JSON text of the reply's id; JSON-RPC allows null, MCP does not. A number is
    /// the request's own digits (`written`): read as a Double, an id above 2^53 would come back as another number.
    private static func validID(_ id: JSONValue?, written: String?) -> String? {
        switch id {
        case .string?: id.map(encodeLine)
        case .number?: written
        default: nil
        }
    }

    /// `id` is the JSON text of the id (`null` where the request's could not be read).
    private static func error(id: String, _ code: ErrorCode, _ message: String) -> String {
        encode(id: id, ["jsonrpc": .string("2.0"), "error": .object(["code": .number(Double(code.rawValue)), "message": .string(message)])])
    }

    /// The reply's members with sorted keys, as `encodeLine` writes them, and the id as its JSON text.
    private static func encode(id: String, _ fields: [String: JSONValue]) -> String {
        let members = fields.map { (encodeLine(.string($0.key)), encodeLine($0.value)) } + [(encodeLine(.string("id")), id)]
        return "{" + members.sorted { $0.0 < $1.0 }.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// One line: JSON escapes every newline inside a string, and the encoder adds none of its own.
    static func encodeLine(_ value: JSONValue) -> String {
        String(decoding: (try? JSONOutput.encoder(.oneLine).encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }
}
