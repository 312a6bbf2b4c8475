@testable import BggenCLI
import BggenCore
import BggenModel
import BggenTestSupport
import Foundation
import Testing

/// What an agent pays for and relies on: a plan small enough to read, results that match the declared output
/// schemas, arguments described for an agent with their values enumerated, a server that can be read-only, and the
/// client configuration printed for each common agent.
@Suite struct MCPAgentTests {
    typealias Session = MCPSessionTests

    /// The XcodeGen fixture's own bundle identifier and deployment target, as bggen_inspect returns them.
    static func projectAnswers(in folder: URL) throws -> String {
        let inspected = try Session.structured(Session.session([Session.initialize, Session.call(2, "bggen_inspect", "{}")], in: folder).replies.last)
        let bundle = try #require(inspected[key: "answers"]?[key: "bundleId"]?.string)
        let ios = try #require(inspected[key: "answers"]?[key: "ios"]?.string)
        return #""tasks":["refresh","processing"],"interval":"daily","network":false,"power":false,"bundleId":"\#(bundle)","ios":"\#(ios)""#
    }

    /// The plan is a summary of a few KB by default (the walk-through measured 88 KB with the diffs, returned twice);
    /// the diffs, the project and the next steps come when asked for.
    @Test func thePlanIsASummaryUnlessTheDiffsAreAskedFor() throws {
        let app = try Fixtures.copy("XcodeGen")
        let answers = try Self.projectAnswers(in: app.url)
        let run = Session.session([Session.initialize, Session.call(2, "bggen_plan", "{\(answers)}"),
                                   Session.call(3, "bggen_plan", #"{"diffs":true,\#(answers)}"#)], in: app.url)
        let summaryBytes = run.raw[1].utf8.count
        #expect(summaryBytes < 8 * 1024, "the whole reply, text and structuredContent: \(summaryBytes) bytes")
        let summary = try Session.structured(run.replies[1])
        let changes = try #require(summary[key: "diffs"]?.array)
        #expect(!changes.isEmpty && changes.allSatisfy { $0[key: "diff"] == nil && ($0[key: "added"]?.double ?? 0) + ($0[key: "removed"]?.double ?? 0) > 0 }, "\(summary.inline)")
        #expect(summary[key: "project"] == nil && summary[key: "nextSteps"] == nil)
        #expect(summary[key: "files"]?.array?.isEmpty == false && summary[key: "identifiers"]?[key: "processing"] != nil)

        let whole = try Session.structured(run.replies[2])
        #expect(run.raw[2].utf8.count > 4 * summaryBytes)
        let diffs = try #require(whole[key: "diffs"]?.array)
        #expect(diffs.count == changes.count && diffs.allSatisfy { $0[key: "diff"]?.string?.contains("+++ ") == true })
        for (counted, full) in zip(changes, diffs) {
            let lines = full[key: "diff"]?.string?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            #expect(counted[key: "added"]?.double == Double(lines.count { $0.hasPrefix("+") && !$0.hasPrefix("+++") }))
        }
        #expect(whole[key: "project"] != nil && whole[key: "nextSteps"]?.array?.isEmpty == false)
    }

    /// Every tool declares an output schema, and what each returns (successes and a failure) conforms to it.
    @Test func everyResultConformsToItsToolsOutputSchema() throws {
        let app = try Fixtures.copy("XcodeGen")
        let answers = try Self.projectAnswers(in: app.url)
        let calls = [("bggen_inspect", "{}"), ("bggen_plan", "{\(answers)}"), ("bggen_plan", #"{"diffs":true,\#(answers)}"#), ("bggen_apply", #"{"tasks":["refresh"]}"#),
                     ("bggen_apply", "{\(answers)}"), ("bggen_doctor", "{}"), ("bggen_fix", #"{"dryRun":true}"#), ("bggen_fix", #"{"dryRun":false}"#)]
        let run = Session.session([Session.initialize] + calls.enumerated().map { Session.call($0.offset + 2, $0.element.0, $0.element.1) }, in: app.url)
        #expect(run.replies.count == calls.count + 1)
        for ((name, arguments), reply) in zip(calls, run.replies.dropFirst()) {
            let tool = try #require(MCPTool.named(name))
            let schema = try #require(tool.definition[key: "outputSchema"])
            #expect(schema[key: "type"] == .string("object"))
            let content = try #require(reply[key: "result"]?[key: "structuredContent"], "\(name) \(arguments)")
            let problems = SchemaCheck.problems(content, schema)
            #expect(problems.isEmpty, "\(name) \(arguments): \(problems)")
        }
        // The check itself fails on a result of the wrong shape.
        let doctor = try #require(MCPTool.named("bggen_doctor")?.outputSchema)
        #expect(!SchemaCheck.problems(.object(["schemaVersion": .number(1), "exitStatus": .string("0")]), doctor).isEmpty)
        #expect(!SchemaCheck.problems(.object(["schemaVersion": .number(1)]), doctor).isEmpty)
    }

    /// Arguments say what an agent needs, not what a person at a terminal types; fixed values are enumerated.
    @Test func argumentsAreDescribedForAnAgentWithTheirValuesEnumerated() throws {
        for tool in MCPTool.all {
            guard case .object(let properties)? = tool.definition[key: "inputSchema"]?[key: "properties"] else { Issue.record("\(tool.name)"); continue }
            for (name, schema) in properties {
                let description = try #require(schema[key: "description"]?.string, "\(tool.name.rawValue).\(name)")
                for word in ["terminal", "comma", "asked", "DIR", "--"] {
                    #expect(!description.contains(word), "\(tool.name.rawValue).\(name) says '\(word)': \(description)")
                }
                if let option = tool.options.first(where: { MCPTool.argumentName($0.name) == name }) {
                    #expect(MCPArgumentText.descriptions[option.name] != nil, "\(tool.name.rawValue).\(name) has no description for agents")
                }
            }
        }
        let apply = try #require(MCPTool.named("bggen_apply")?.definition[key: "inputSchema"]?[key: "properties"])
        #expect(apply[key: "style"]?[key: "enum"] == .array([.string("app-delegate"), .string("swiftui")]))
        #expect(apply[key: "strategy"]?[key: "enum"] == .array([.string("queue"), .string("fail")]))
        #expect(apply[key: "tasks"]?[key: "type"] == .string("array"))
        let interval = try #require(apply[key: "interval"])
        for value in ["daily", "few-hours", "6h", "30m"] {
            #expect(SchemaCheck.problems(.string(value), interval).isEmpty, "\(value)")
        }
        for value in ["sometimes", "6 hours", "0h"] {
            #expect(!SchemaCheck.problems(.string(value), interval).isEmpty, "\(value)")
        }
        let doctor = try #require(MCPTool.named("bggen_doctor")?.definition[key: "inputSchema"]?[key: "properties"])
        #expect(doctor[key: "failOn"]?[key: "enum"] == .array([.string("error"), .string("warning"), .string("note")]))
        #expect(doctor[key: "writeBaseline"] == nil, "bggen_doctor writes nothing")
    }

    /// An unknown argument is answered with the tool's arguments, each once.
    @Test func anUnknownArgumentListsEachArgumentOnce() throws {
        let folder = try TemporaryDirectory()
        let run = Session.session([Session.initialize, Session.call(2, "bggen_apply", #"{"bundleID":"com.acme.news"}"#)], in: folder.url)
        let message = try #require(try Session.structured(run.replies.last, isError: true)[key: "error"]?.string)
        let listed = message.components(separatedBy: "its arguments are ").last?.dropLast().components(separatedBy: ", ") ?? []
        #expect(listed.contains("useGenerators") && listed.contains("bundleId") && Set(listed).count == listed.count, "\(message)")
    }

    /// `--read-only`: a tool that writes is neither listed nor callable, and nothing is written.
    @Test func aReadOnlyServerOffersOnlyToolsThatWriteNothing() throws {
        let app = try Fixtures.copy("XcodeGen")
        let before = try app.files()
        let session = MCPSession(console: FakeConsole(terminal: false, currentDirectory: app.path), fileSystem: LocalFileSystem(), readOnly: true)
        let listed = session.handle(Session.initialize).flatMap { _ in session.handle(Session.request(2, "tools/list")) } ?? ""
        let tools = (try? JSONDecoder().decode(JSONValue.self, from: Data(listed.utf8)))?[key: "result"]?[key: "tools"]?.array ?? []
        #expect(tools.compactMap { $0[key: "name"]?.string } == ["bggen_inspect", "bggen_plan", "bggen_doctor"])
        for (id, name) in [(3, "bggen_apply"), (4, "bggen_fix")] {
            let reply = try #require(session.handle(Session.call(id, name, #"{"dryRun":false,"tasks":["refresh"]}"#)))
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(reply.utf8))
            #expect(decoded[key: "error"]?[key: "code"] == .number(-32602))
            #expect(decoded[key: "error"]?[key: "message"]?.string?.contains("--read-only") == true, "\(reply)")
        }
        #expect(try app.files() == before)
        let options = try MCPCommand.Options.parse(["--read-only"])
        #expect(options.readOnly && options.printConfig == nil)
    }

    /// `bggen mcp --print-config CLIENT` prints the file each agent reads, and says where it goes.
    @Test func theConfigurationIsPrintedForEachClient() throws {
        let folder = try TemporaryDirectory()
        for client in MCPClientConfiguration.allCases {
            for readOnly in [false, true] {
                let run = try InProcessRunner.run(["mcp", "--print-config", client.rawValue] + (readOnly ? ["--read-only"] : []), in: folder.url)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(!run.stderr.isEmpty && run.stderr.contains("\n") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
                let arguments: [JSONValue] = [.string("mcp")] + (readOnly ? [.string("--read-only")] : [])
                switch client {
                case .codex:
                    #expect(run.stdout == "[mcp_servers.bggen]\ncommand = \"bggen\"\nargs = [\(arguments.map(\.inline).joined(separator: ", "))]\n", "\(run.stdout)")
                case .claude, .cursor, .vscode:
                    let document = try JSONDecoder().decode(JSONValue.self, from: Data(run.stdout.utf8))
                    let server = try #require(document[key: client == .vscode ? "servers" : "mcpServers"]?[key: "bggen"], "\(run.stdout)")
                    #expect(server[key: "command"] == .string("bggen") && server[key: "args"] == .array(arguments))
                    #expect(client != .vscode || server[key: "type"] == .string("stdio"))
                }
            }
        }
        #expect(try InProcessRunner.run(["mcp", "--print-config", "claude"], in: folder.url).stderr.contains(".mcp.json"))
        let wrong = try InProcessRunner.run(["mcp", "--print-config", "cursr"], in: folder.url)
        #expect(wrong.status == 64 && wrong.stderr.contains("Did you mean --print-config cursor?\nSee 'bggen mcp --help'."), "\(wrong.stderr)")
        #expect(try InProcessRunner.run(["mcp", "--print-config"], in: folder.url).status == 64)
        #expect(try InProcessRunner.run(["mcp", "--readonly"], in: folder.url).stderr.contains("Did you mean --read-only?"))
    }

    /// bggen_doctor reads the baseline it is given, as `bggen doctor --baseline` does (it used to be ignored).
    @Test func theDoctorToolHonoursABaseline() throws {
        let app = try Fixtures.copy("RegisteredIdentifiers")
        let written = try InProcessRunner.run(["doctor", "--write-baseline", "baseline.json"], in: app.url)
        #expect(written.status == 1, "the fixture has findings: \(written.stderr)")
        let run = Session.session([Session.initialize, Session.call(2, "bggen_doctor", "{}"), Session.call(3, "bggen_doctor", #"{"baseline":"baseline.json"}"#)], in: app.url)
        let all = try Session.structured(run.replies[1])
        let baselined = try Session.structured(run.replies[2])
        #expect(all[key: "findings"]?.array?.isEmpty == false)
        #expect(baselined[key: "findings"]?.array?.isEmpty == true && baselined[key: "exitStatus"] == .number(0), "\(baselined.inline)")
    }
}

/// The part of JSON Schema the tools' schemas use (type, properties, required, items, enum, anyOf, pattern), enough
/// to check a result against its declared schema.
enum SchemaCheck {
    static func problems(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        var found: [String] = []
        if let type = schema[key: "type"] {
            let allowed = type.array?.compactMap(\.string) ?? type.string.map { [$0] } ?? []
            if !allowed.contains(where: { matches(value, type: $0) }) { found.append("\(path) is not \(allowed)") }
        }
        if let words = schema[key: "enum"]?.array, !words.contains(value) { found.append("\(path) is not one of \(words.map(\.inline))") }
        if let pattern = schema[key: "pattern"]?.string, let text = value.string, text.range(of: pattern, options: .regularExpression) == nil {
            found.append("\(path) does not match \(pattern)")
        }
        if let options = schema[key: "anyOf"]?.array, !options.contains(where: { problems(value, $0, at: path).isEmpty }) {
            found.append("\(path) matches none of anyOf")
        }
        if case .object(let fields) = value {
            for name in schema[key: "required"]?.array?.compactMap(\.string) ?? [] where fields[name] == nil { found.append("\(path).\(name) is missing") }
            if case .object(let properties)? = schema[key: "properties"] {
                for (name, field) in fields { if let property = properties[name] { found += problems(field, property, at: "\(path).\(name)") } }
            }
        }
        if case .array(let items) = value, let itemSchema = schema[key: "items"] {
            for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
        }
        return found
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("null", .null), ("number", .number): true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }
}

extension JSONValue {
    fileprivate var double: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}
