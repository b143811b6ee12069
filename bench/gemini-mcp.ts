/**
 * jev as an MCP server inside the real Gemini CLI (issue 45), by hand or before a release, not in `npm test` (it
 * downloads Gemini CLI): Gemini CLI (`GEMINI_CLI_VERSION`, default 0.61.0) is installed from npm into a temp prefix,
 * `jev integrate gemini --mcp` writes `mcpServers.jev` into a temp HOME's ~/.gemini/settings.json, the work folder is
 * trusted (Gemini starts no MCP server in an untrusted one), and `gemini -p` runs one turn against a loopback fake of
 * the Gemini API (bench/support/fake-gemini-api.ts) whose model calls the pick_skill Gemini lists. Prints what Gemini
 * listed of jev's tools, what it called and what came back, and what jev logged. Needs a build.
 *
 *   node bin/run-ts.mjs bench/gemini-mcp.ts
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { MCP_TOOL_NAMES } from "../lib/mcp/tools";
import { fakeGeminiApi } from "../lib/testing/agents/fake-gemini-api";
import { prepareDb, startServer } from "../lib/testing/server-process";
import { carriesSkill, clientEnv, decisionsLine, installClient, integrateMcp, mcpBenchHome, runTurn, MCP_BENCH_TURN as TURN } from "./support/mcp-client-run";
import { fmt } from "./support/stats";

const PORT = 3345;
const TOKEN = "bench-gemini-mcp-token";
const version = process.env.GEMINI_CLI_VERSION || "0.61.0";
const { dir, env, home } = mcpBenchHome("gemini-mcp", TOKEN);
const gemini = installClient(dir, "@google/gemini-cli", version, "gemini");

/** jev's tools among the function declarations Gemini sent the model (by their MCP names, however Gemini prefixes them). */
function jevTools(requestBody: string): string[] {
  try {
    const tools = (JSON.parse(requestBody).tools ?? []) as { functionDeclarations?: { name?: string }[] }[];
    const names = tools.flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name ?? ""));
    return names.filter((name) => MCP_TOOL_NAMES.some((tool) => name === tool || name.endsWith(`__${tool}`) || name.endsWith(`_${tool}`)));
  } catch {
    return [];
  }
}

prepareDb(env);
const server = await startServer(PORT, env);
const model = await fakeGeminiApi((body) => {
  const pick = jevTools(body).find((name) => name.endsWith("pick_skill"));
  return pick ? { name: pick, args: { turn: TURN, session_id: "gemini-mcp-bench" } } : null;
});
try {
  integrateMcp("gemini", env, PORT);
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  fs.writeFileSync(path.join(home, ".gemini", "trustedFolders.json"), JSON.stringify({ [work]: "TRUST_FOLDER" }));
  // The user's own choice of sign-in, beside jev's entry: an API key (the fake's).
  const settingsFile = path.join(home, ".gemini", "settings.json");
  const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
  fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, security: { auth: { selectedType: "gemini-api-key" } } }));
  const runEnv = clientEnv({ HOME: home, JEV_DB: env.JEV_DB, GEMINI_API_KEY: "fake-key", GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${model.port}` });
  const listed = spawnSync(gemini, ["mcp", "list"], { cwd: work, env: runEnv, encoding: "utf8", timeout: 60_000 });
  const { status, ms } = await runTurn(gemini, ["-p", TURN], { cwd: work, env: runEnv });
  const tools = [...new Set(model.requests.flatMap(jevTools))].sort();
  const answered = carriesSkill(model.requests.find((r) => r.includes('"functionResponse"')) ?? "");
  console.log(`jev's MCP server in Gemini CLI ${version} (gemini -p, a fake Gemini API on loopback), exit ${status}, the turn in ${fmt(ms)}`);
  const listLine = `${listed.stdout}\n${listed.stderr}`.split("\n").find((l) => l.includes("jev:"));
  console.log(`  gemini mcp list: ${(listLine ?? "(jev not listed)").trim()}`);
  console.log(`  tools Gemini listed to the model: ${tools.join(", ") || "none"}`);
  const pick = tools.find((t) => t.endsWith("pick_skill"));
  console.log(`  the model called ${pick ?? "nothing"}({"turn": "${TURN}"}); the result it got back named pdf-tools with its SKILL.md: ${answered}`);
  console.log(`  jev's decisions: ${decisionsLine(env.JEV_DB)}`);
  if (process.env.BENCH_DUMP) fs.writeFileSync(process.env.BENCH_DUMP, JSON.stringify(model.requests));
} finally {
  model.close();
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
