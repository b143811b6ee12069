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
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { MCP_TOOL_NAMES } from "../lib/mcp/tools";
import { writeSkill } from "../lib/testing/factories";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { fakeGeminiApi } from "./support/fake-gemini-api";
import { fmt } from "./support/stats";

const PORT = 3345;
const TOKEN = "bench-gemini-mcp-token";
const TURN = "merge these two PDF files into one";
const version = process.env.GEMINI_CLI_VERSION || "0.61.0";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-gemini-mcp-"));
const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
const home = env.HOME;
writeSkill(path.join(env.HERMES_HOME, "skills"), "pdf-tools", "Merge, split and extract text and tables from PDF files.", {
  body: "\n# PDF tools\n\nMerge with `qpdf --empty --pages a.pdf b.pdf -- out.pdf`.\n",
});
writeSkill(path.join(env.HERMES_HOME, "skills"), "slides", "Make PowerPoint slide decks (.pptx).");
const prefix = path.join(dir, "npm");
const installed = spawnSync("npm", ["install", "--prefix", prefix, `@google/gemini-cli@${version}`, "--no-audit", "--no-fund"], { encoding: "utf8" });
if (installed.status !== 0) throw new Error(`could not install @google/gemini-cli@${version}: ${installed.stderr.slice(-400)}`);
const gemini = path.join(prefix, "node_modules", ".bin", "gemini");

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
  const jevEnv = { ...process.env, ...env, PORT: String(PORT) };
  const integrate = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "integrate", "gemini", "--mcp"], { env: jevEnv, encoding: "utf8" });
  if (integrate.status !== 0) throw new Error(integrate.stderr);
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  fs.writeFileSync(path.join(home, ".gemini", "trustedFolders.json"), JSON.stringify({ [work]: "TRUST_FOLDER" }));
  // The user's own choice of sign-in, beside jev's entry: an API key (the fake's).
  const settingsFile = path.join(home, ".gemini", "settings.json");
  const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
  fs.writeFileSync(settingsFile, JSON.stringify({ ...settings, security: { auth: { selectedType: "gemini-api-key" } } }));
  // JEV_API_TOKEN is left out of Gemini's environment on purpose: `jev mcp` reads the file the integration wrote.
  const { JEV_API_TOKEN: _unset, ...geminiEnv } = process.env;
  const runEnv = {
    ...geminiEnv,
    HOME: home,
    JEV_DB: env.JEV_DB,
    GEMINI_API_KEY: "fake-key",
    GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${model.port}`,
  };
  const listed = spawnSync(gemini, ["mcp", "list"], { cwd: work, env: runEnv, encoding: "utf8", timeout: 60_000 });
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(gemini, ["-p", TURN], { cwd: work, env: runEnv, stdio: process.env.BENCH_DUMP ? "inherit" : "ignore" });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const ms = performance.now() - started;
  const tools = [...new Set(model.requests.flatMap(jevTools))].sort();
  const answered = model.requests.find((r) => r.includes('"functionResponse"')) ?? "";
  const db = new Database(env.JEV_DB, { readonly: true });
  const decisions = db.prepare("SELECT channel, suggested_skill AS skill FROM decisions").all() as { channel: string; skill: string | null }[];
  db.close();
  console.log(`jev's MCP server in Gemini CLI ${version} (gemini -p, a fake Gemini API on loopback), exit ${status}, the turn in ${fmt(ms)}`);
  const listLine = `${listed.stdout}\n${listed.stderr}`.split("\n").find((l) => l.includes("jev:"));
  console.log(`  gemini mcp list: ${(listLine ?? "(jev not listed)").trim()}`);
  console.log(`  tools Gemini listed to the model: ${tools.join(", ") || "none"}`);
  const pick = tools.find((t) => t.endsWith("pick_skill"));
  console.log(
    `  the model called ${pick ?? "nothing"}({"turn": "${TURN}"}); the result it got back named pdf-tools with its SKILL.md: ${answered.includes("pdf-tools") && answered.includes("qpdf --empty")}`,
  );
  console.log(`  jev's decisions: ${decisions.map((d) => `${d.channel} → ${d.skill ?? "none"}`).join("; ") || "none"}`);
  if (process.env.BENCH_DUMP) fs.writeFileSync(process.env.BENCH_DUMP, JSON.stringify(model.requests));
} finally {
  model.close();
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
