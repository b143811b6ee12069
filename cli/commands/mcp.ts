import fs from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadConfig } from "../../lib/config";
import { jevMcpServer } from "../../lib/mcp/jev-mcp-server";
import { bridgeStdioToServer } from "../../lib/mcp/stdio-bridge";
import { cliCtxWithoutDbIfNeeded } from "../context";
import { parseFlags, UsageError } from "../usage";
import { agentServerUrl } from "./hooks-file";
import { tokenForAgents } from "./token-for-agents";

/** Standard output carries only MCP messages from here on: anything the engine prints goes to standard error. */
function quietStdout(): void {
  console.log = console.error;
  console.info = console.error;
}

/** The token in a file `jev integrate … --mcp` wrote (0600); a file that cannot be read is bad usage, said in one line. */
function readTokenFile(file: string | undefined): string | null {
  if (file === undefined) return null;
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    throw new UsageError(`--token-file ${file} cannot be read`);
  }
}

/**
 * `jev mcp [--url URL [--token-file FILE]]`: jev's MCP server on standard input and output, for a client that starts it. Alone it answers
 * from this machine's database and config, as `npm start` would; with `--url` it carries each message to that running
 * server's `/api/mcp` (the token: JEV_API_TOKEN, else `--token-file`, else this machine's jev token). Runs until the client closes stdin.
 */
export async function mcpCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args, { url: { type: "string" }, "token-file": { type: "string" } });
  if (flags.url !== undefined) {
    const config = loadConfig();
    const url = agentServerUrl(flags.url, config);
    const fromFile = readTokenFile(flags["token-file"]); // read even when the environment's wins: a bad path is said now
    const token = process.env.JEV_API_TOKEN || fromFile || (await tokenForAgents(config));
    quietStdout();
    await bridgeStdioToServer(url, token);
    return 0;
  }
  quietStdout();
  const { setDiscoveryWatching } = await import("../../lib/catalog/discover");
  setDiscoveryWatching(true); // a long-lived process: a watched catalog answers each turn without walking it again
  const { warmLocalJudge } = await import("../../lib/services/catalog");
  void warmLocalJudge(loadConfig()).catch(() => {}); // the first turn then finds the index built, as on the server
  const running = new Set<Promise<unknown>>();
  const server = jevMcpServer(() => cliCtxWithoutDbIfNeeded(), { running });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(transport);
  // The client closing its end is the end of the session: calls still running finish (their decisions logged) first.
  process.stdin.once("end", () => {
    void Promise.allSettled([...running]).then(() => server.close());
  });
  await closed;
  return 0;
}
