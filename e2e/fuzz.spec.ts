import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import fc from "fast-check";
import { layoutCatalog } from "../bench/support/layout-catalog";
import { readCasesFile } from "../lib/eval/formats";
import { writeSkill } from "../lib/testing/factories";
import { FIXTURES } from "../lib/testing/fixtures";
import { fuzzRequest, makeHermesHomeTrap, makeTrapRoots, replyProblem, requestHead } from "../lib/testing/http-fuzz";
import { rawRequest } from "../lib/testing/raw-http";
import { dashboardActions } from "../lib/testing/server-actions";
import { prepareDb, rssMb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * Property-based fuzz of every route against a real server of its own (own
 * database and home, so the traffic cannot disturb the other specs). Bounded
 * to about a minute: FUZZ_RUNS requests (default 1,200); FUZZ_SEED replays a
 * failing run. bench/fuzz.ts runs 10,000 with figures.
 */
const PORT = 3197;
const TOKEN = "fuzz-token-not-secret";
const dir = path.resolve(".tmp/e2e-fuzz");
const home = path.join(dir, "home");
let server: ServerProcess;
let setup: Parameters<typeof fuzzRequest>[0];
/** The agent plugin's state file: the dashboard's rule-2 switch writes it, so no tokenless change may. */
const stateFile = path.join(dir, "hermes", "jev", "state.json");
const STATE = JSON.stringify({ skill_feedback: "on", plugin_key: "kept" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(dir, { recursive: true, force: true });
  layoutCatalog(FIXTURES.publicSkills, path.join(dir, "hermes", "skills"));
  const goodRoot = path.join(home, "skills");
  writeSkill(goodRoot, "pdf", "Read, fill and merge PDF files");
  writeSkill(goodRoot, "xlsx", "Build spreadsheets with formulas and charts");
  const env = { JEV_DB: path.join(dir, "jev.db"), JEV_API_TOKEN: TOKEN, HERMES_HOME: path.join(dir, "hermes"), HOME: home };
  makeHermesHomeTrap(path.join(dir, "hermes")); // the curator's walk meets it on the Skills and Curator pages
  fs.mkdirSync(path.join(dir, "hermes", "jev"), { recursive: true });
  fs.writeFileSync(stateFile, STATE);
  setup = {
    token: TOKEN,
    turns: readCasesFile(FIXTURES.metatoolCases).map((c) => c.turn),
    trapRoots: makeTrapRoots(home),
    goodRoot,
    actions: dashboardActions(),
  };
  prepareDb(env);
  server = await startServer(PORT, env);
});

test.afterAll(async () => {
  await server?.kill("SIGTERM");
  // The hostile roots (a link to /, a FIFO, a loop) must not outlive the test: a later `next build` traces the project folder.
  fs.rmSync(dir, { recursive: true, force: true });
});

test("fuzz: no 5xx, every API error in the JSON envelope, every request answered, health answering throughout", async () => {
  test.setTimeout(180_000);
  const runs = Number(process.env.FUZZ_RUNS || 1_200);
  const healthFailures: string[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const reply = await rawRequest(PORT, "GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n", "", 3_000);
      if (reply.status !== 200) healthFailures.push(`health ${reply.status || "unanswered"} after ${reply.ms.toFixed(0)} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  let maxRss = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fuzzRequest(setup), async (req) => {
        const reply = await rawRequest(PORT, requestHead(req), req.body, 15_000);
        maxRss = Math.max(maxRss, rssMb(server.pid));
        const problem = replyProblem(req, reply);
        if (problem) throw new Error(`${problem}: ${req.method} ${req.target.slice(0, 120)} -> ${reply.body.slice(0, 200)}`);
      }),
      { numRuns: runs, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
    );
  } finally {
    polling = false;
    await poller;
  }
  expect(healthFailures).toEqual([]);
  // The server as users get it: the sentence encoder's worker and model are about 80 MB of it (issue 58's bound: 400).
  expect(maxRss, "server RSS (MB)").toBeLessThan(400);
  // No dashboard change went through without the token: the state file, the demo, the agent switches are as they were.
  expect(fs.readFileSync(stateFile, "utf8")).toBe(STATE);
  const db = new Database(path.join(dir, "jev.db"), { readonly: true });
  try {
    expect(db.prepare("SELECT count(*) FROM decisions WHERE session_id LIKE 'demo-%'").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM settings WHERE key LIKE 'agent-switches:%'").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM replay_runs").pluck().get()).toBe(0);
  } finally {
    db.close();
  }
});
