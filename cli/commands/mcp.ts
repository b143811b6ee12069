import { parseFlags } from "../usage";

// Everything else is imported where it is used: a client waits for `initialize` while this starts, and the relay
// needs neither the engine nor the database (Codex lists no tools of a server that is not up when its turn begins).

/** Standard output carries only MCP messages from here on: anything the engine prints goes to standard error. */
function quietStdout(): void {
  console.log = console.error;
  console.info = console.error;
}

/**
 * `jev mcp [--url URL [--token-file FILE]]`: jev's MCP server on stdin and stdout, for a client that starts it. Alone it
 * answers from this machine's database and config, as `npm start` would; with `--url` it carries each message to that
 * server's `/api/mcp` (token: JEV_API_TOKEN, else `--token-file`, else this machine's). Runs until stdin closes.
 */
export async function mcpCommand(args: string[]): Promise<number> {
  const flags = parseFlags(args, { url: { type: "string" }, "token-file": { type: "string" } });
  if (flags.url !== undefined) {
    // bin/jev.mjs runs the relay before tsx loads; called in-process (tests), it is the same code.
    const { relayCommand } = await import("../../lib/mcp/stdio-relay.mjs");
    return relayCommand(args);
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
