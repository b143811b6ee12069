import fs from "node:fs";
import { isHttpUrl } from "../../lib/integrations/server-url";
import { parseFlags, UsageError } from "../usage";

// Everything else is imported where it is used: a client waits for `initialize` while this starts, and the relay
// needs neither the engine nor the database (Codex lists no tools of a server that is not up when its turn begins).

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

/** This machine's jev token, when neither the environment nor a file gave one (the config is read only then). */
async function tokenOnThisMachine(): Promise<string | null> {
  const [{ loadConfig }, { tokenForAgents }] = await Promise.all([import("../../lib/config"), import("./token-for-agents")]);
  return tokenForAgents(loadConfig());
}

/**
 * `jev mcp [--url URL [--token-file FILE]]`: jev's MCP server on stdin and stdout, for a client that starts it. Alone it
 * answers from this machine's database and config, as `npm start` would; with `--url` it carries each message to that
 * server's `/api/mcp` (token: JEV_API_TOKEN, else `--token-file`, else this machine's). Runs until stdin closes.
 */
export async function mcpCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args, { url: { type: "string" }, "token-file": { type: "string" } });
  if (flags.url !== undefined) {
    const url = flags.url;
    if (!isHttpUrl(url)) throw new UsageError("--url must be an http:// or https:// address");
    const fromFile = readTokenFile(flags["token-file"]); // read even when the environment's wins: a bad path is said now
    const token = process.env.JEV_API_TOKEN || fromFile || (await tokenOnThisMachine());
    quietStdout();
    const { bridgeStdioToServer } = await import("../../lib/mcp/stdio-bridge");
    await bridgeStdioToServer(url, token);
    return 0;
  }
  quietStdout();
  const [{ StdioServerTransport }, { jevMcpServer }, { cliCtxWithoutDbIfNeeded }, { setDiscoveryWatching }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("../../lib/mcp/jev-mcp-server"),
    import("../context"),
    import("../../lib/catalog/discover"),
  ]);
  setDiscoveryWatching(true); // a long-lived process: a watched catalog answers each turn without walking it again
  const [{ warmLocalJudge }, { loadConfig }] = await Promise.all([import("../../lib/services/catalog"), import("../../lib/config")]);
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
