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
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { MCP_TOOL_NAMES } from "../lib/mcp/tools";
import { writeSkill } from "../lib/testing/factories";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { fakeMessagesApiCalling } from "./support/fake-messages-api";
import { fmt } from "./support/stats";

const PORT = 3344;
const TOKEN = "bench-claude-mcp-token";
const TURN = "merge these two PDF files into one";
const PICK = "mcp__jev__pick_skill";
const version = process.env.CLAUDE_CODE_VERSION || "2.1.197";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-claude-mcp-"));
const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
const home = env.HOME;
writeSkill(path.join(env.HERMES_HOME, "skills"), "pdf-tools", "Merge, split and extract text and tables from PDF files.", {
  body: "\n# PDF tools\n\nMerge with `qpdf --empty --pages a.pdf b.pdf -- out.pdf`.\n",
});
writeSkill(path.join(env.HERMES_HOME, "skills"), "slides", "Make PowerPoint slide decks (.pptx).");
const prefix = path.join(dir, "npm");
const installed = spawnSync("npm", ["install", "--prefix", prefix, `@anthropic-ai/claude-code@${version}`, "--no-audit", "--no-fund"], { encoding: "utf8" });
if (installed.status !== 0) throw new Error(`could not install @anthropic-ai/claude-code@${version}: ${installed.stderr.slice(-400)}`);
const claude = path.join(prefix, "node_modules", ".bin", "claude");

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
  const jevEnv = { ...process.env, ...env, PORT: String(PORT) };
  const integrate = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "integrate", "claude-code", "--mcp"], { env: jevEnv, encoding: "utf8" });
  if (integrate.status !== 0) throw new Error(integrate.stderr);
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  // JEV_API_TOKEN is left out of Claude Code's environment on purpose: `jev mcp` reads the file the integration wrote.
  const { JEV_API_TOKEN: _unset, ...claudeEnv } = process.env;
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(claude, ["-p", TURN], {
      cwd: work,
      env: {
        ...claudeEnv,
        HOME: home,
        JEV_DB: env.JEV_DB,
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${model.port}`,
        ANTHROPIC_API_KEY: "sk-ant-fake",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_AUTOUPDATER: "1",
      },
      stdio: "ignore",
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const ms = performance.now() - started;
  const listed = [...new Set(model.requests.flatMap(jevTools))].sort();
  const answered = model.requests.find((r) => r.includes('"tool_result"')) ?? "";
  const db = new Database(env.JEV_DB, { readonly: true });
  const decisions = db.prepare("SELECT channel, suggested_skill AS skill FROM decisions").all() as { channel: string; skill: string | null }[];
  db.close();
  console.log(`jev's MCP server in Claude Code ${version} (claude -p, a fake Messages API on loopback), exit ${status}, the turn in ${fmt(ms)}`);
  console.log(`  tools Claude Code listed to the model: ${listed.join(", ") || "none"}`);
  console.log(
    `  the model called ${listed.includes(PICK) ? PICK : "nothing"}({"turn": "${TURN}"}); the result it got back named pdf-tools with its SKILL.md: ${answered.includes("pdf-tools") && answered.includes("qpdf --empty")}`,
  );
  console.log(`  jev's decisions: ${decisions.map((d) => `${d.channel} → ${d.skill ?? "none"}`).join("; ") || "none"}`);
} finally {
  model.close();
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
