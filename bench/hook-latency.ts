/**
 * What jev's Claude Code hook costs a prompt, against what jev itself takes:
 * the hook script (integrations/claude-code/jev_hook.py, run as Claude Code
 * runs it: `python3 -I -S`) on a UserPromptSubmit event, its wall time from
 * spawn to exit, beside the same request's round trip over loopback HTTP and
 * the reply's own `latency_ms`, in one run on one server. A baseline in the
 * same run: the hook as it was with urllib.request (`git show
 * HOOK_BASELINE:integrations/claude-code/jev_hook.py`, default e06aa1c),
 * when git has it. Median of RUNS per prompt. Needs a build (`npm start`
 * makes one).
 *
 *   node bin/run-ts.mjs bench/hook-latency.ts
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPython } from "../lib/integrations/python-interpreter";
import { writeSkill } from "../lib/testing/factories";
import { plainHome } from "../lib/testing/plain-home";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { fmt, median } from "./support/stats";

const PORT = 3343;
const TOKEN = "bench-hook-token";
const RUNS = 15;
const PROMPTS = ["merge these two pdfs into one", "create a powerpoint presentation about our Q3 results", "what's the capital of france"];
const baselineCommit = process.env.HOOK_BASELINE || "e06aa1c";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-hook-"));
const env = isolatedServerEnv(path.join(dir, "jev"), TOKEN);
for (const skill of plainHome()) writeSkill(path.join(env.HOME, ".claude", "skills"), skill.name, skill.description, { body: skill.body });
const hook = path.resolve("integrations/claude-code/jev_hook.py");
const baseline = path.join(dir, "jev_hook_baseline.py");
const shown = spawnSync("git", ["show", `${baselineCommit}:integrations/claude-code/jev_hook.py`], { encoding: "utf8" });
const hasBaseline = shown.status === 0;
if (hasBaseline) fs.writeFileSync(baseline, shown.stdout);
const python = findPython() ?? "python3";

prepareDb(env);
const server = await startServer(PORT, env);
try {
  const hookEnv = { ...process.env, HOME: env.HOME, JEV_URL: `http://127.0.0.1:${PORT}`, JEV_API_TOKEN: TOKEN, JEV_HOOK_TIMEOUT: "5" };
  const runHook = (script: string, prompt: string, session: string) => {
    const event = JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: session, cwd: env.HOME, prompt });
    const started = performance.now();
    const r = spawnSync(python, ["-I", "-S", script], { input: event, env: hookEnv, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`hook exited ${r.status}`);
    return performance.now() - started;
  };
  const ask = async (prompt: string, session: string) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${PORT}/api/pick-skill`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ turn: prompt, session_id: session }),
    });
    const reply = (await res.json()) as { latency_ms?: number };
    return { roundTrip: performance.now() - started, latency: reply.latency_ms ?? 0 };
  };
  // Warm: the index, the walk, Python's own caches.
  for (const prompt of PROMPTS) {
    runHook(hook, prompt, "warm");
    await ask(prompt, "warm");
  }
  console.log(`jev's Claude Code hook per prompt (${python} -I -S), ${plainHome().length} skills, median of ${RUNS}`);
  console.log("prompt                                                  hook now   hook before   HTTP round trip   jev latency_ms   hook / round trip");
  for (const [p, prompt] of PROMPTS.entries()) {
    const now: number[] = [];
    const before: number[] = [];
    const trips: number[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A new session each time: the "not again in a session" rule would otherwise make later runs cheaper.
      now.push(runHook(hook, prompt, `now-${p}-${i}`));
      if (hasBaseline) before.push(runHook(baseline, prompt, `before-${p}-${i}`));
      const { roundTrip, latency } = await ask(prompt, `http-${p}-${i}`);
      trips.push(roundTrip);
      latencies.push(latency);
    }
    const ratio = median(now) / median(trips);
    console.log(
      `${prompt.padEnd(55)} ${fmt(median(now)).padStart(9)}  ${hasBaseline ? fmt(median(before)).padStart(11) : "          -"}  ${fmt(median(trips)).padStart(16)}  ${String(median(latencies)).padStart(15)}  ${ratio.toFixed(1).padStart(17)}×`,
    );
  }
} finally {
  await server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
