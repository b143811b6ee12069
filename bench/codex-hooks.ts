/**
 * jev's hooks inside the real Codex CLI (issue: every agent's skills), by hand
 * or before a release, not in `npm test` (it downloads Codex): Codex
 * (`CODEX_VERSION`, default 0.171.0) is installed from npm into a temp prefix,
 * `jev integrate codex` writes its hooks.json into a temp CODEX_HOME, and
 * `codex exec` runs one turn against a loopback fake of the Responses API
 * (bench/support/fake-responses-api.ts) whose model reads the hinted SKILL.md
 * through the shell. Prints whether the hint reached the model's request, and
 * whether jev recorded the read as the session's load; and the turn's time.
 * Needs a build (`npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/codex-hooks.ts
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { fakeResponsesApi } from "../lib/testing/agents/fake-responses-api";
import { writeSkill } from "../lib/testing/factories";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { fmt } from "./support/stats";

const PORT = 3341;
const TOKEN = "bench-codex-token";
const version = process.env.CODEX_VERSION || "0.171.0";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-codex-"));
const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
const home = env.HOME;
const codexHome = path.join(home, ".codex");
const skillFile = writeSkill(path.join(home, ".agents", "skills"), "pdf-tools", "Merge, split and extract text and tables from PDF files.");
const prefix = path.join(dir, "npm");
const installed = spawnSync("npm", ["install", "--prefix", prefix, `@openai/codex@${version}`, "--no-audit", "--no-fund"], { encoding: "utf8" });
if (installed.status !== 0) throw new Error(`could not install @openai/codex@${version}`);
const codex = path.join(prefix, "node_modules", ".bin", "codex");

prepareDb(env);
const server = await startServer(PORT, env);
const model = await fakeResponsesApi(skillFile);
try {
  const jevEnv = { ...process.env, ...env, CODEX_HOME: codexHome, PORT: String(PORT) };
  const integrate = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "integrate", "codex"], { env: jevEnv, encoding: "utf8" });
  if (integrate.status !== 0) throw new Error(integrate.stderr);
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  const provider = `model_providers.fake={name="fake",base_url="http://127.0.0.1:${model.port}/v1",wire_api="responses",env_key="OPENAI_API_KEY"}`;
  const started = performance.now();
  // Trust is what a user gives jev's hooks at Codex's next start; an unattended run bypasses it.
  // Asynchronously: the fake model answers from this process's event loop.
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(
      codex,
      [
        "exec",
        "--skip-git-repo-check",
        "--dangerously-bypass-hook-trust",
        "-c",
        "model_provider=fake",
        "-c",
        provider,
        "-m",
        "gpt-5-codex",
        "merge these two PDF files into one",
      ],
      { cwd: work, env: { ...process.env, HOME: home, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-fake" }, stdio: "ignore" },
    );
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const ms = performance.now() - started;
  const hinted = model.requests.some((r) => r.includes('read the skill \\"pdf-tools\\"'));
  const db = new Database(env.JEV_DB, { readonly: true });
  const loads = db.prepare("SELECT count(*) FROM feedback WHERE skill = 'pdf-tools' AND event = 'loaded'").pluck().get() as number;
  const agents = db.prepare("SELECT DISTINCT agent FROM decisions").pluck().all();
  db.close();
  console.log(`jev's hooks in Codex ${version} (codex exec, a fake Responses API on loopback), exit ${status}, the turn in ${fmt(ms)}`);
  console.log(
    `  UserPromptSubmit: the hint ${hinted ? "reached" : "did NOT reach"} the model's request; decisions logged for agent ${agents.join(", ") || "none"}`,
  );
  console.log(`  PostToolUse: the shell read of SKILL.md ${loads === 1 ? "was recorded as the session's load" : `gave ${loads} loads (expected 1)`}`);
} finally {
  model.close();
  await server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
