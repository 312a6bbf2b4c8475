/// `bggen mcp --print-config CLIENT`: the registration each common agent reads, in its own file format, so a user
/// saves it instead of writing JSON by hand. stdout is the file's text; where it goes is said on stderr.
enum MCPClientConfiguration: String, CaseIterable {
    case claude, cursor, vscode, codex

    /// The server's command line: the binary by name, so a configuration kept in a repository works for everyone
    /// who has bggen on `PATH`.
    static func arguments(readOnly: Bool) -> [String] {
        ["mcp"] + (readOnly ? ["--read-only"] : [])
    }

    func text(readOnly: Bool) -> String {
        let arguments = Self.arguments(readOnly: readOnly).map { "\"\($0)\"" }.joined(separator: ", ")
        switch self {
        case .claude, .cursor:
            return """
                {
                  "mcpServers": {
                    "bggen": {
                      "command": "bggen",
                      "args": [\(arguments)]
                    }
                  }
                }

                """
        case .vscode:
            return """
                {
                  "servers": {
                    "bggen": {
                      "type": "stdio",
                      "command": "bggen",
                      "args": [\(arguments)]
                    }
                  }
                }

                """
        case .codex:
            return """
                [mcp_servers.bggen]
                command = "bggen"
                args = [\(arguments)]

                """
        }
    }

    /// Where the text goes, and the client's own command where it has one.
    func whereItGoes(readOnly: Bool) -> String {
        let commandLine = (["bggen"] + Self.arguments(readOnly: readOnly)).joined(separator: " ")
        return switch self {
        case .claude: "Save it as .mcp.json at the project's root (Claude Code; Claude Desktop reads the same mcpServers in claude_desktop_config.json), or run: claude mcp add bggen -- \(commandLine)"
        case .cursor: "Save it as .cursor/mcp.json in the project, or ~/.cursor/mcp.json for every project (merge the mcpServers entry into a file that exists)."
        case .vscode: "Save it as .vscode/mcp.json in the workspace (merge the servers entry into a file that exists)."
        case .codex: "Add it to ~/.codex/config.toml, or .codex/config.toml in a trusted project, or run: codex mcp add bggen -- \(commandLine)"
        }
    }
}
