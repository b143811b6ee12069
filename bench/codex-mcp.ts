/**
 * jev as an MCP server inside the real Codex CLI (issue 45), by hand or before a release, not in `npm test` (it
 * downloads Codex): Codex (`CODEX_VERSION`, default 0.171.0) is installed from npm into a temp prefix, `jev integrate
 * codex --mcp` writes `[mcp_servers.jev]` into a temp CODEX_HOME's config.toml, and `codex exec` runs one turn against
 * a loopback fake of the Responses API (bench/support/fake-responses-api.ts) whose model calls the pick_skill tool
 * Codex lists. Prints what Codex listed of jev's tools, what it called and what came back, whether jev logged the
 * decision under the mcp channel, and the turn's time. Needs a build (`npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/codex-mcp.ts
 *   BENCH_DUMP=/tmp/requests.json node bin/run-ts.mjs bench/codex-mcp.ts   # also keep the model's requests, Codex's output shown
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { MCP_TOOL_NAMES } from "../lib/mcp/tools";
import { fakeResponsesApiCalling } from "../lib/testing/agents/fake-responses-api";
import { prepareDb, startServer } from "../lib/testing/server-process";
import { carriesSkill, clientEnv, decisionsLine, installClient, integrateMcp, mcpBenchHome, runTurn, MCP_BENCH_TURN as TURN } from "./support/mcp-client-run";
import { fmt } from "./support/stats";

const PORT = 3343;
const TOKEN = "bench-codex-mcp-token";
const version = process.env.CODEX_VERSION || "0.171.0";
const { dir, env, home } = mcpBenchHome("codex-mcp", TOKEN);
const codexHome = path.join(home, ".codex");
const codex = installClient(dir, "@openai/codex", version, "codex");

interface ListedTool {
  name: string;
  namespace?: string;
}

/** jev's tools as Codex lists them to the model: plain functions, or (Codex 0.17x) functions in an `mcp__jev` namespace. */
function jevTools(requestBody: string): ListedTool[] {
  let tools: { type?: string; name?: string; tools?: { name?: string }[] }[] = [];
  try {
    tools = JSON.parse(requestBody).tools ?? [];
  } catch {
    return [];
  }
  const isJev = (name = "") => MCP_TOOL_NAMES.some((t) => name === t || name.endsWith(`__${t}`));
  return tools.flatMap((t) =>
    t.type === "namespace"
      ? (t.tools ?? []).filter((f) => isJev(f.name)).map((f) => ({ name: f.name!, namespace: t.name }))
      : isJev(t.name)
        ? [{ name: t.name! }]
        : [],
  );
}
const shown = (t: ListedTool) => (t.namespace ? `${t.namespace}.${t.name}` : t.name);

prepareDb(env);
const server = await startServer(PORT, env);
const model = await fakeResponsesApiCalling((body) => {
  const pick = jevTools(body).find((t) => t.name.endsWith("pick_skill"));
  return pick ? { ...pick, arguments: { turn: TURN, session_id: "codex-mcp-bench" } } : null;
});
try {
  integrateMcp("codex", env, PORT, { CODEX_HOME: codexHome });
  const listed = spawnSync(codex, ["mcp", "list"], { env: { ...process.env, HOME: home, CODEX_HOME: codexHome }, encoding: "utf8" });
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  const provider = `model_providers.fake={name="fake",base_url="http://127.0.0.1:${model.port}/v1",wire_api="responses",env_key="OPENAI_API_KEY"}`;
  const { status, ms } = await runTurn(codex, ["exec", "--skip-git-repo-check", "-c", "model_provider=fake", "-c", provider, "-m", "gpt-5-codex", TURN], {
    cwd: work,
    env: clientEnv({ HOME: home, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-fake", JEV_DB: env.JEV_DB }),
  });
  if (process.env.BENCH_DUMP) fs.writeFileSync(process.env.BENCH_DUMP, JSON.stringify(model.requests));
  const listedTools = jevTools(model.requests[0] ?? "");
  const pick = listedTools.find((t) => t.name.endsWith("pick_skill"));
  const loadShown = carriesSkill(model.requests.find((r) => r.includes("function_call_output")) ?? "");
  console.log(`jev's MCP server in Codex ${version} (codex exec, a fake Responses API on loopback), exit ${status}, the turn in ${fmt(ms)}`);
  console.log(`  codex mcp list: ${listed.stdout.split("\n").find((l) => l.startsWith("jev")) ?? "(jev not listed)"}`);
  console.log(`  tools Codex listed to the model: ${listedTools.map(shown).join(", ") || "none"}`);
  console.log(
    `  the model called ${pick ? shown(pick) : "nothing"}({"turn": "${TURN}"}); the reply Codex gave it back named pdf-tools with its SKILL.md: ${loadShown}`,
  );
  console.log(`  jev's decisions: ${decisionsLine(env.JEV_DB)}`);
} finally {
  model.close();
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
