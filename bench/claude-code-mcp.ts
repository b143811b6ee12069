/**
 * jev as an MCP server inside the real Claude Code CLI (issue 45), by hand or before a release, not in `npm test` (it
 * downloads Claude Code): Claude Code (`CLAUDE_CODE_VERSION`, default 2.1.197) is installed from npm into a temp
 * prefix, `jev integrate claude-code --mcp` writes `mcpServers.jev` into a temp HOME's ~/.claude.json, and `claude -p`
 * runs one turn against a loopback fake of the Messages API (bench/support/fake-messages-api.ts) whose model calls the
 * pick_skill tool Claude Code lists; it runs unasked because the integration allowed jev's tools in settings.json. Prints
 * what Claude Code listed of jev's tools, what it called and what came back, what jev logged, and the turn's time.
 * Needs a build.
 *
 *   node bin/run-ts.mjs bench/claude-code-mcp.ts
 */
import fs from "node:fs";
import path from "node:path";
import { MCP_TOOL_NAMES } from "../lib/mcp/tools";
import { fakeMessagesApiCalling } from "../lib/testing/agents/fake-messages-api";
import { prepareDb, startServer } from "../lib/testing/server-process";
import { carriesSkill, clientEnv, decisionsLine, installClient, integrateMcp, mcpBenchHome, runTurn, MCP_BENCH_TURN as TURN } from "./support/mcp-client-run";
import { fmt } from "./support/stats";

const PORT = 3344;
const TOKEN = "bench-claude-mcp-token";
const PICK = "mcp__jev__pick_skill";
const version = process.env.CLAUDE_CODE_VERSION || "2.1.197";
const { dir, env, home } = mcpBenchHome("claude-mcp", TOKEN);
const claude = installClient(dir, "@anthropic-ai/claude-code", version, "claude");

/** jev's tools as Claude Code names them to the model (`mcp__jev__<tool>`). */
function jevTools(requestBody: string): string[] {
  try {
    const tools = (JSON.parse(requestBody).tools ?? []) as { name?: string }[];
    return tools.map((t) => t.name ?? "").filter((name) => MCP_TOOL_NAMES.some((tool) => name === `mcp__jev__${tool}`));
  } catch {
    return [];
  }
}

prepareDb(env);
const server = await startServer(PORT, env);
const model = await fakeMessagesApiCalling((body) =>
  jevTools(body).includes(PICK) ? { name: PICK, input: { turn: TURN, session_id: "claude-mcp-bench" } } : null,
);
try {
  integrateMcp("claude-code", env, PORT);
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  const { status, ms } = await runTurn(claude, ["-p", TURN], {
    cwd: work,
    env: clientEnv({
      HOME: home,
      JEV_DB: env.JEV_DB,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${model.port}`,
      ANTHROPIC_API_KEY: "sk-ant-fake",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
    }),
  });
  const listed = [...new Set(model.requests.flatMap(jevTools))].sort();
  const answered = carriesSkill(model.requests.find((r) => r.includes('"tool_result"')) ?? "");
  console.log(`jev's MCP server in Claude Code ${version} (claude -p, a fake Messages API on loopback), exit ${status}, the turn in ${fmt(ms)}`);
  console.log(`  tools Claude Code listed to the model: ${listed.join(", ") || "none"}`);
  console.log(
    `  the model called ${listed.includes(PICK) ? PICK : "nothing"}({"turn": "${TURN}"}); the result it got back named pdf-tools with its SKILL.md: ${answered}`,
  );
  console.log(`  jev's decisions: ${decisionsLine(env.JEV_DB)}`);
} finally {
  model.close();
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
