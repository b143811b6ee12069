#!/usr/bin/env node
// The `jev` command: runs the TypeScript CLI through tsx (Node 20 cannot strip types). `jev mcp --url`, the relay an
// agent starts and waits on, is plain JavaScript and skips tsx: it answers `initialize` in about a bare Node's start.
const args = process.argv.slice(2);
if (args[0] === "mcp" && args.includes("--url") && !args.some((a) => a === "--help" || a === "-h")) {
  const { relayCommand } = await import("../lib/mcp/stdio-relay.mjs");
  process.exitCode = await relayCommand(args.slice(1));
} else {
  const { register } = await import("tsx/esm/api");
  register();
  const { main } = await import("../cli/main.ts");
  process.exitCode = await main(args);
}
