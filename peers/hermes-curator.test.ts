import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../lib/config";
import { loadCuratorHome } from "../lib/curator/curator-home";
import { applyTransitions } from "../lib/curator/transitions";
import { PINNED_PYTHON, pinnedPythonBin } from "../lib/testing/agents/pinned-python";
import { isolatedServerEnv, prepareDb, type ServerProcess, startServer } from "../lib/testing/server-process";

/**
 * The real Hermes (hermes-agent from PyPI, pinned) and jev on the same Hermes home: Hermes's own code
 * (tools/skill_usage.py, agent/curator.py, `hermes curator status`) reads what jev wrote, jev's automatic
 * transitions match Hermes's on the same home and clock, and both bump usage at once under the shared flock.
 * Hermes runs through peers/support/hermes_driver.py, which calls its functions and prints JSON.
 */
/** The Hermes releases jev is checked against: the newest on PyPI and the oldest (docs/curator.md says which). */
const MATRIX = [
  { tool: "hermes", port: 3382 },
  { tool: "hermes-oldest", port: 3384 },
] as const;
const DAY = 86_400_000;
const NOW = Date.parse("2026-12-07T12:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
const daysAgo = (days: number) => iso(NOW - days * DAY);

for (const { tool, port } of MATRIX) describe(`hermes-agent ${PINNED_PYTHON[tool].version}`, () => hermesSuite(tool, port));

function hermesSuite(tool: (typeof MATRIX)[number]["tool"], port: number): void {
  const HERMES_VERSION = PINNED_PYTHON[tool].version;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jev-peers-hermes-"));
  let hermes: { bin: string; python: string; installMs: number };

  /** Hermes's own code on `home` (hermes_driver.py): its JSON answer. */
  function hermesDriver(home: string, ...args: string[]): Record<string, unknown> {
    const r = spawnSync(hermes.python, [path.join(import.meta.dirname, "support", "hermes_driver.py"), ...args], {
      encoding: "utf8",
      env: { ...process.env, HERMES_HOME: home, HOME: path.join(dir, "user") },
      timeout: 120_000,
    });
    if (r.status !== 0) throw new Error(`hermes_driver ${args[0]} failed: ${r.stderr.slice(-800)}`);
    return JSON.parse(r.stdout.trim().split("\n").at(-1) ?? "{}");
  }

  /** A fresh Hermes home under the test's folder, seeded by Hermes's own save_usage. */
  function seededHome(name: string, skills: { name: string; record?: Record<string, unknown> }[]): string {
    const home = path.join(dir, name);
    fs.mkdirSync(path.join(home, "skills"), { recursive: true });
    const spec = path.join(dir, `${name}.json`);
    fs.writeFileSync(spec, JSON.stringify({ skills }));
    hermesDriver(home, "seed", spec);
    return home;
  }

  /** jev's CLI on a Hermes home, as a user runs it. */
  function jev(home: string, ...args: string[]): { status: number | null; out: string } {
    const r = spawnSync(process.execPath, [path.join(packageRoot(), "bin", "jev.mjs"), ...args, "--hermes-home", home], {
      encoding: "utf8",
      env: { ...process.env, HOME: path.join(dir, "user"), JEV_DB: path.join(dir, "cli.db"), JEV_ENCODER: "off", JEV_HERMES_VERSION: HERMES_VERSION },
      timeout: 120_000,
    });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  }

  type Read = { usage: Record<string, { state: string; pinned: boolean; use_count: number; view_count: number }>; archived: string[] };

  beforeAll(() => {
    hermes = pinnedPythonBin(tool);
    console.log(`hermes-agent ${HERMES_VERSION}: ${hermes.installMs ? `installed in ${Math.round(hermes.installMs / 1000)} s` : "from the cache"}`);
    fs.mkdirSync(path.join(dir, "user"), { recursive: true });
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe(`the real Hermes ${HERMES_VERSION} and jev on one home`, () => {
    it("jev's automatic transitions are Hermes's apply_automatic_transitions() on the same home and clock", async () => {
      const agent = (record: Record<string, unknown>) => ({ created_by: "agent", created_at: daysAgo(400), ...record });
      // Around each line (stale after 30 days, archive after 90: the release's defaults), and each rule's exceptions.
      const skills = [
        { name: "used-10d", record: agent({ use_count: 2, last_used_at: daysAgo(10) }) },
        { name: "used-29d", record: agent({ use_count: 2, last_used_at: daysAgo(29) }) },
        { name: "used-30d", record: agent({ use_count: 2, last_used_at: daysAgo(30) }) },
        { name: "used-31d", record: agent({ use_count: 2, last_used_at: daysAgo(31) }) },
        { name: "used-89d", record: agent({ use_count: 2, last_used_at: daysAgo(89) }) },
        { name: "used-90d", record: agent({ use_count: 2, last_used_at: daysAgo(90) }) },
        { name: "used-200d", record: agent({ use_count: 2, last_used_at: daysAgo(200) }) },
        { name: "viewed-lately", record: agent({ use_count: 1, last_used_at: daysAgo(200), view_count: 1, last_viewed_at: daysAgo(5) }) },
        { name: "never-used-young", record: agent({ created_at: daysAgo(10) }) },
        { name: "never-used-45d", record: agent({ created_at: daysAgo(45) }) },
        { name: "never-used-100d", record: agent({ created_at: daysAgo(100) }) },
        { name: "stale-used-again", record: agent({ use_count: 3, last_used_at: daysAgo(3), state: "stale" }) },
        { name: "stale-young-unused", record: agent({ created_at: daysAgo(5), state: "stale" }) },
        { name: "pinned-old", record: agent({ use_count: 1, last_used_at: daysAgo(300), pinned: true }) },
        { name: "no-record" },
      ];
      const [mine, theirs] = [seededHome("transitions-jev", skills), seededHome("transitions-hermes", skills)];
      await applyTransitions(await loadCuratorHome(mine, { env: { ...process.env, JEV_HERMES_VERSION: HERMES_VERSION } }), NOW);
      hermesDriver(theirs, "transitions", iso(NOW));
      const outcome = (home: string) => {
        const read = hermesDriver(home, "read") as Read;
        return {
          archived: read.archived,
          states: Object.fromEntries(Object.entries(read.usage).map(([n, r]) => [n, `${r.state}${r.pinned ? " pinned" : ""}`])),
        };
      };
      const [jevOutcome, hermesOutcome] = [outcome(mine), outcome(theirs)];
      expect(jevOutcome).toEqual(hermesOutcome);
      // And the lines were crossed, so the comparison says something.
      expect(hermesOutcome.archived).toEqual(expect.arrayContaining(["used-90d", "used-200d", "never-used-100d"]));
      expect(hermesOutcome.states["used-30d"]).toBe("stale");
    });

    it("Hermes's own code reads jev's pin, archive and restore, and `hermes curator status` runs on the result", () => {
      const home = seededHome("actions", [
        { name: "keep-me", record: { created_by: "agent", use_count: 1, last_used_at: daysAgo(1) } },
        { name: "old-one", record: { created_by: "agent", use_count: 1, last_used_at: daysAgo(1) } },
        { name: "comes-back", record: { created_by: "agent", use_count: 1, last_used_at: daysAgo(1) } },
      ]);
      for (const args of [
        ["curator", "pin", "keep-me"],
        ["curator", "archive", "old-one"],
        ["curator", "archive", "comes-back"],
        ["curator", "restore", "comes-back"],
      ]) {
        const r = jev(home, ...args);
        expect(r.status, `jev ${args.join(" ")}: ${r.out}`).toBe(0);
      }
      const read = hermesDriver(home, "read") as Read;
      expect(read.archived).toEqual(["old-one"]);
      expect(read.usage["old-one"].state).toBe("archived");
      expect(read.usage["keep-me"]).toMatchObject({ pinned: true, state: "active" });
      expect(read.usage["comes-back"]).toMatchObject({ state: "active" });
      expect(fs.existsSync(path.join(home, "skills", "comes-back", "SKILL.md"))).toBe(true);
      const status = spawnSync(hermes.bin, ["curator", "status"], {
        encoding: "utf8",
        env: { ...process.env, HERMES_HOME: home, HOME: path.join(dir, "user") },
        timeout: 120_000,
      });
      expect(status.status, status.stderr).toBe(0);
      expect(status.stdout).toContain("keep-me");
    });

    describe("both writing at once", () => {
      let server: ServerProcess;
      const TOKEN = "peers-hermes-token";
      const PORT = port;
      let home = "";

      beforeAll(async () => {
        const env = isolatedServerEnv(path.join(dir, "server"), TOKEN);
        home = env.HERMES_HOME;
        fs.mkdirSync(path.join(home, "skills", "busy"), { recursive: true });
        fs.writeFileSync(path.join(home, "skills", "busy", "SKILL.md"), "---\nname: busy\ndescription: a busy skill\n---\nbody\n");
        prepareDb({ ...env, JEV_HERMES_VERSION: HERMES_VERSION });
        server = await startServer(PORT, { ...env, JEV_HERMES_VERSION: HERMES_VERSION });
      });

      afterAll(async () => {
        await server?.kill();
      });

      it("Hermes bumping uses while jev's API bumps views: every bump of both is counted", async () => {
        const N = 300;
        const python = spawn(hermes.python, [path.join(import.meta.dirname, "support", "hermes_driver.py"), "bump", "busy", "use", String(N)], {
          env: { ...process.env, HERMES_HOME: home, HOME: path.join(dir, "user") },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        const started = new Promise<void>((resolve) =>
          python.stdout.on("data", (d) => {
            stdout += d;
            if (stdout.includes("started")) resolve();
          }),
        );
        python.stderr.on("data", (d) => {
          stderr += d;
        });
        const hermesDone = new Promise<number | null>((resolve) => python.on("exit", resolve));
        await started; // Hermes has its module loaded and is bumping: the API's bumps land among its own
        const post = () =>
          fetch(`http://127.0.0.1:${PORT}/api/skills/busy/usage`, {
            method: "POST",
            headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
            body: JSON.stringify({ kind: "view" }),
          }).then((r) => r.status);
        const apiStarted = Date.now() / 1000;
        const statuses: number[] = [];
        for (let i = 0; i < N; i += 3) statuses.push(...(await Promise.all(Array.from({ length: Math.min(3, N - i) }, post))));
        const apiEnded = Date.now() / 1000;
        expect(await hermesDone, stderr).toBe(0);
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        const window = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { started: number; ended: number };
        // The two writers overlapped in time, or the count below proves nothing about the lock.
        expect(window.started < apiEnded && apiStarted < window.ended, JSON.stringify({ window, apiStarted, apiEnded })).toBe(true);
        const read = hermesDriver(home, "read") as Read;
        expect(read.usage.busy).toMatchObject({ use_count: N, view_count: N });
      });
    });
  });
}
