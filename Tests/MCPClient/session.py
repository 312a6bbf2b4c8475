"""Drives `bggen mcp` through a whole session with the reference MCP SDK (`pip install mcp`).

Usage: python3 session.py BGGEN_BINARY FOLDER
Exit 0 when every step behaved, 1 on the first that did not, 77 when the SDK is not installed.
MCPClientTests runs it from `swift test`.
"""

import asyncio
import json
import sys

try:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
except ImportError:
    print("the Python MCP SDK is not installed (python3 -m pip install mcp)")
    sys.exit(77)

# The XcodeGen fixture's own bundle identifier and deployment target: another value is refused.
ANSWERS = {"tasks": ["refresh", "processing"], "interval": "daily", "network": False, "power": False,
           "bundleId": "io.element.elementx", "ios": "18.5"}


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}")
        sys.exit(1)
    print(f"ok: {what}")


async def main(binary, folder):
    server = StdioServerParameters(command=binary, args=["mcp"], cwd=folder)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(init.server_info.name == "bggen", f"initialize: {init.protocol_version}, {init.server_info.name} {init.server_info.version}")
            await session.send_ping()
            check(True, "ping")

            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            check(sorted(tools) == ["bggen_apply", "bggen_doctor", "bggen_fix", "bggen_inspect", "bggen_plan"], "tools/list: " + ", ".join(tools))
            check(tools["bggen_apply"].annotations.destructive_hint and not tools["bggen_apply"].annotations.read_only_hint,
                  "bggen_apply says it writes")
            check(tools["bggen_doctor"].annotations.read_only_hint, "bggen_doctor says it only reads")
            check("bundleId" in tools["bggen_plan"].input_schema["properties"], "bggen_plan's schema has the init options")
            # The SDK validates every successful result against its tool's outputSchema, so each call below checks it.
            check(all(tool.output_schema for tool in tools.values()), "every tool declares an outputSchema")

            async def call(name, arguments):
                result = await session.call_tool(name, arguments)
                return result, result.structured_content or json.loads(result.content[0].text)

            result, inspected = await call("bggen_inspect", {})
            check(not result.is_error and "tasks" in inspected["missing"], f"bggen_inspect: missing {inspected['missing']}")

            result, plan = await call("bggen_plan", ANSWERS)
            check(not result.is_error and not plan["written"] and plan["diffs"] and "diff" not in plan["diffs"][0],
                  f"bggen_plan: {len(plan['files'])} files, nothing written, a summary")

            result, refused = await call("bggen_apply", {"tasks": ["refresh"]})
            check(result.is_error and refused["exitStatus"] == 64, f"bggen_apply refused: {result.content[0].text}")

            result, applied = await call("bggen_apply", ANSWERS)
            check(not result.is_error and applied["written"], f"bggen_apply: {sum(f['action'] == 'create' for f in applied['files'])} files created")

            result, again = await call("bggen_apply", ANSWERS)
            check(not result.is_error and not again["written"], "bggen_apply again changes nothing")

            result, audit = await call("bggen_doctor", {})
            check(not result.is_error and "findings" in audit, f"bggen_doctor: {audit['summary']}")

            result, preview = await call("bggen_fix", {"dryRun": True})
            check(not result.is_error and preview["written"] is False, f"bggen_fix dryRun: {len(preview['changes'])} changes")

            result, error = await call("bggen_doctor", {"directory": "no-such-folder"})
            check(result.is_error and error["exitStatus"] == 64, f"tool error: {result.content[0].text}")

            try:
                await session.call_tool("bggen_nope", {})
                check(False, "an unknown tool is a protocol error")
            except Exception as failure:
                check("Unknown tool" in str(failure), f"unknown tool: {failure}")
    print("session closed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
