/**
 * jev's hook inside the real Claude Code CLI, by hand or before a release,
 * not in `npm test` (it downloads Claude Code): Claude Code
 * (`CLAUDE_CODE_VERSION`, default 2.1.197) is installed from npm into a temp
 * prefix, `jev integrate claude-code` writes its hooks into a temp HOME whose
 * ~/.claude/skills holds the 60-skill plain home (lib/testing/plain-home.ts),
 * and `claude -p` runs each prompt against a loopback fake of the Messages API
 * (bench/support/fake-messages-api.ts). Prints, per prompt, the hint that
 * reached the model's request (a load, a shortlist, or none) and its tokens.
 * Needs a build (`npm start` makes one).
 *
 *   node bin/run-ts.mjs bench/claude-code-hooks.ts
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hintTokens } from "../lib/hints/hint-tokens";
import { fakeMessagesApi } from "../lib/testing/agents/fake-messages-api";
import { writeSkill } from "../lib/testing/factories";
import { plainHome } from "../lib/testing/plain-home";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { fmt } from "./support/stats";

const PORT = 3342;
const TOKEN = "bench-claude-token";
const version = process.env.CLAUDE_CODE_VERSION || "2.1.197";
const PROMPTS = ["merge these two pdfs", "create a powerpoint presentation about our Q3 results", "what's the capital of france"];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-claude-"));
const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
const home = env.HOME;
for (const skill of plainHome()) writeSkill(path.join(home, ".claude", "skills"), skill.name, skill.description, { body: skill.body });
const prefix = path.join(dir, "npm");
const installed = spawnSync("npm", ["install", "--prefix", prefix, `@anthropic-ai/claude-code@${version}`, "--no-audit", "--no-fund"], { encoding: "utf8" });
if (installed.status !== 0) throw new Error(`could not install @anthropic-ai/claude-code@${version}: ${installed.stderr.slice(-400)}`);
const claude = path.join(prefix, "node_modules", ".bin", "claude");

prepareDb(env);
const server = await startServer(PORT, env);
const model = await fakeMessagesApi();
/** The hook's line as Claude Code put it in the request (JSON-escaped there). */
const HINT = /jev, for the prompt \\"[\s\S]*?This advice is about that prompt only\./;
try {
  const jevEnv = { ...process.env, ...env, PORT: String(PORT) };
  const integrate = spawnSync(process.execPath, [path.resolve("bin/jev.mjs"), "integrate", "claude-code"], { env: jevEnv, encoding: "utf8" });
  if (integrate.status !== 0) throw new Error(integrate.stderr);
  const work = path.join(home, "work");
  fs.mkdirSync(work, { recursive: true });
  console.log(`jev's hook in Claude Code ${version} (claude -p, a fake Messages API on loopback), a home of ${plainHome().length} real skills`);
  for (const prompt of PROMPTS) {
    const before = model.requests.length;
    const started = performance.now();
    // Asynchronously: the fake model answers from this process's event loop.
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn(claude, ["-p", prompt], {
        cwd: work,
        env: {
          ...process.env,
          HOME: home,
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
    const seen = model.requests
      .slice(before)
      .map((body) => HINT.exec(body)?.[0])
      .find((hint) => hint !== undefined);
    const hint = seen ? (JSON.parse(`"${seen}"`) as string) : null;
    const kind = hint === null ? "no hint" : hint.includes("no skill is a sure fit") ? "a shortlist" : "a load";
    console.log(
      `  "${prompt}": exit ${status} in ${fmt(ms)}, ${model.requests.length - before} model requests; ${kind} reached the model (${hintTokens(hint)} tokens)`,
    );
    if (hint) console.log(`    ${hint}`);
  }
} finally {
  model.close();
  await server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
