/**
 * The agent integrations against a real jev server (issue: agent integrations):
 *  - the Hermes plugin's time per turn, what Hermes waits, including Python's
 *    HTTP call to a local server (target p50 < 15 ms), and against a server
 *    that never answers (at most the timeout);
 *  - 200 scripted turns over 20 sessions with loads reported through the
 *    plugin: the server's history of suggestions shown and loads (what rule 2
 *    reads) against the script's own count.
 *  - the Claude Code hook's wall time per prompt, as Claude Code runs it: the
 *    command `jev integrate claude-code` wrote before (`python3 <script>`,
 *    resolved through PATH) against the one it writes now (the interpreter's
 *    absolute path, `-I -S`), alternating, and jev's own time for the same
 *    request in the same run (an HTTP POST from here).
 * Needs a build (`npm start` makes one) and python3.
 *
 *   node bin/run-ts.mjs bench/agent-integrations.ts
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { readCasesFile } from "../lib/eval/formats";
import { jevHookCommand } from "../lib/integrations/claude-settings";
import { findPython } from "../lib/integrations/python-interpreter";
import { FIXTURES } from "../lib/testing/fixtures";
import { isolatedServerEnv, prepareDb, startServer } from "../lib/testing/server-process";
import { layoutCatalog } from "./support/layout-catalog";
import { fmt, percentile } from "./support/stats";

const PORT = 3197;
const TOKEN = "bench-agent-token";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-bench-agents-"));
const env = isolatedServerEnv(dir, TOKEN);
layoutCatalog(FIXTURES.publicSkills, path.join(env.HERMES_HOME, "skills"));
prepareDb(env);
const server = await startServer(PORT, env);
const script = path.join(import.meta.dirname, "support", "hermes-plugin-turns.py");
const turnsFile = path.join(dir, "turns.json");
const pluginHome = path.join(dir, "plugin-home");
const drive = (turns: string[], sessions: number, extra: Record<string, string> = {}) => {
  fs.writeFileSync(turnsFile, JSON.stringify(turns));
  const r = spawnSync("python3", [script, turnsFile, String(sessions)], {
    encoding: "utf8",
    env: { ...process.env, JEV_URL: `http://127.0.0.1:${PORT}`, JEV_API_TOKEN: TOKEN, HERMES_HOME: pluginHome, ...extra },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { ms: number[]; shown: Record<string, string[]>; loaded: Record<string, string[]> };
};

try {
  const cases = readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn);
  drive(cases.slice(0, 20), 5); // warm: the server's index, Python's caches
  const run = drive(cases.slice(100, 300), 20);

  const silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const down = drive(cases.slice(0, 5), 1, { JEV_URL: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`, JEV_TIMEOUT_MS: "300" });
  silent.close();

  // The server's history for these sessions: suggestions shown to a client that reports loads, and loads.
  const db = new Database(env.JEV_DB, { readonly: true });
  const sessions = Object.keys({ ...run.shown, ...run.loaded });
  const count = (sql: string) => sessions.reduce((n, s) => n + (db.prepare(sql).pluck().get(s) as number), 0);
  const serverShown = count("SELECT count(*) FROM suggestions WHERE session_id = ? AND reports_loads = 1");
  const serverLoaded = count("SELECT count(*) FROM feedback WHERE session_id = ? AND event = 'loaded'");
  db.close();
  const scriptShown = Object.values(run.shown).reduce((n, l) => n + l.length, 0);
  const scriptLoaded = Object.values(run.loaded).reduce((n, l) => n + l.length, 0);

  // The Claude Code hook, one process per prompt, as Claude Code starts it (through a shell).
  const hookScript = path.resolve("integrations/claude-code/jev_hook.py");
  const python = findPython();
  const commands = { before: `python3 '${hookScript}'`, after: jevHookCommand(hookScript, python) };
  const hookEnv = { ...process.env, HOME: path.join(dir, "claude-home"), JEV_URL: `http://127.0.0.1:${PORT}`, JEV_API_TOKEN: TOKEN };
  const hookTimes: Record<keyof typeof commands, number[]> = { before: [], after: [] };
  const jevTimes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const event = JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: `hook-${i}`, cwd: dir, prompt: cases[400 + i] });
    for (const which of (i % 2 ? ["before", "after"] : ["after", "before"]) as (keyof typeof commands)[]) {
      const started = performance.now();
      const r = spawnSync("/bin/sh", ["-c", commands[which]], { input: event, env: hookEnv, encoding: "utf8" });
      hookTimes[which].push(performance.now() - started);
      if (r.status !== 0) throw new Error(`hook exited ${r.status}`);
    }
    const started = performance.now();
    await fetch(`http://127.0.0.1:${PORT}/api/pick-skill`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ turn: cases[400 + i], agent: "claude-code", session_id: `direct-${i}` }),
    }).then((res) => res.text());
    jevTimes.push(performance.now() - started);
  }

  console.log("agent integrations against a real jev server (864 public skills), the Hermes plugin driven from Python as Hermes calls it");
  console.log(`  plugin time per turn, ${run.ms.length} turns: p50 ${fmt(percentile(run.ms, 50))}, p99 ${fmt(percentile(run.ms, 99))}   (target p50 < 15 ms)`);
  console.log(`  a server that never answers (timeout 300 ms): at most ${fmt(Math.max(...down.ms))} per turn, no hint`);
  console.log(
    `  200 turns, 20 sessions: the script showed ${scriptShown} hints and loaded ${scriptLoaded}; the server recorded ${serverShown} suggestions and ${serverLoaded} loads (${scriptShown === serverShown && scriptLoaded === serverLoaded ? "exact" : "MISMATCH"})`,
  );
  const p50 = (xs: number[]) => percentile(xs, 50);
  console.log(`  Claude Code hook per prompt, 40 prompts each, alternating (interpreter: ${python ?? "python3 on PATH"}):`);
  console.log(`    before, \`python3 <script>\` through PATH: p50 ${fmt(p50(hookTimes.before))}`);
  console.log(
    `    now, the absolute interpreter with -I -S: p50 ${fmt(p50(hookTimes.after))} (${(p50(hookTimes.after) / p50(hookTimes.before)).toFixed(2)}x of before)`,
  );
  console.log(`    jev's own time for the same request (HTTP POST from here): p50 ${fmt(p50(jevTimes))}`);
} finally {
  await server.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
}
