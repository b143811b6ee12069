import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../cli/main";
import type { Db } from "../../db/client";
import { clearDiscoveryCache } from "../catalog/discover";
import { readCatalogSkill, textToLoad } from "../services/catalog";
import { actOnSkill, applyConsolidation, consolidationPreview, runCuratorNow, undoConsolidationInto } from "../services/curator";
import { savedConsolidationPreview } from "../services/curator/consolidate";
import { previewFile } from "../services/curator/internal/consolidation-store";
import { bumpUsage } from "../services/usage/bump";
import { type Canary, CRASHES, HAZARDS, homeCanary, makeCanary, plant, runGuarded, type TouchedPath } from "../testing/boundary-harness";
import { ctxAt, freshDb, tempDir, testConfig, writeSkill } from "../testing/factories";
import { buildHermesHome, idleRecord } from "../testing/hermes-home";
import { type JudgeServer, startJudgeServer } from "../testing/judge-server";

/*
 * Every operation that touches a user's folders, against the boundary harness (lib/testing/boundary-harness.ts):
 * at each path it touches, a link to a canary outside the home, a FIFO, the wrong kind of entry and a 50 MB file. It
 * refuses or skips, never hangs, never crashes, and the canary stays as it was, its secret in nothing it says or sends.
 */

interface World {
  dir: string;
  home: string;
  hermes: string;
  skills: string;
  db: Db;
  config: ReturnType<typeof testConfig>;
}

interface Operation {
  name: string;
  /** Build what the operation needs, all well (a preview to apply, a consolidation to undo). */
  prepare?: (w: World) => Promise<void>;
  touched: (w: World) => TouchedPath[];
  /** Run it: everything it says (a thrown error is caught by the harness). */
  run: (w: World) => Promise<string>;
}

const NOW = Date.parse("2026-12-07T09:00:00Z");
const MERGE = { cluster: 1, umbrella: { name: "pdf" }, absorb: [{ skill: "pdf-merge", as: "reference" }], reason: "one PDF skill" };
const ctx = (w: World) => ctxAt(w.db, w.config, NOW);
const file = (p: string): TouchedPath => ({ path: p, kind: "file" });
const folder = (p: string): TouchedPath => ({ path: p, kind: "folder" });
const json = (v: unknown) => JSON.stringify(v);

/** Integrate commands run in this process, their environment the world's. */
async function cli(w: World, ...argv: string[]): Promise<string> {
  for (const [k, v] of Object.entries({ HOME: w.home, HERMES_HOME: w.hermes, JEV_DB: w.config.dbFile, CODEX_HOME: path.join(w.home, ".codex"), PORT: "9" }))
    vi.stubEnv(k, v);
  const said: string[] = [];
  const spy = vi.spyOn(console, "error").mockImplementation((...a) => void said.push(a.join(" ")));
  try {
    const code = await main(argv, (l) => said.push(l));
    said.push(`exit ${code}`);
  } finally {
    spy.mockRestore();
    vi.unstubAllEnvs();
  }
  return said.join("\n");
}

describe("the boundary of every file jev touches", { timeout: 120_000 }, () => {
  const tmp = tempDir("jev-boundary-");
  const outside = path.join(tmp.dir, "outside");
  let judge: JudgeServer;
  let canary: Canary;

  beforeAll(async () => {
    fs.mkdirSync(outside, { recursive: true });
    canary = makeCanary(outside);
    judge = await startJudgeServer({ behaviour: () => ({ kind: "content", content: json({ plans: [MERGE] }) }) });
  });
  afterAll(async () => {
    await judge.close();
    tmp.cleanup();
  });

  function world(): World {
    const dir = fs.mkdtempSync(path.join(tmp.dir, "w-"));
    const home = path.join(dir, "home");
    const hermes = path.join(home, ".hermes");
    const skills = path.join(hermes, "skills");
    buildHermesHome(hermes, {
      usage: { pdf: idleRecord(NOW, 1), "pdf-merge": idleRecord(NOW, 3) },
      cronJobs: { jobs: [{ id: "nightly", skills: ["pdf-merge"], skill: "pdf-merge" }] },
    });
    writeSkill(skills, "pdf", "Merge, split and rotate PDF pages.", { body: "\nqpdf merges PDF files, splits PDF pages and rotates them.\n" });
    writeSkill(skills, "pdf-merge", "Merge PDF files into one PDF.", { body: "\nUse qpdf to merge PDF files; split pages out of a PDF.\n" });
    const config = testConfig(dir, { HOME: home, HERMES_HOME: hermes, JEV_JUDGE: "openai", JEV_JUDGE_URL: `${judge.url}`, JEV_JUDGE_MODEL: "m" });
    clearDiscoveryCache();
    return { dir, home, hermes, skills, db: freshDb(dir), config };
  }

  const OPERATIONS: Operation[] = [
    {
      name: "MCP read_skill and pick_skill's load (the catalog, read again at read time)",
      touched: (w) => [file(path.join(w.skills, "pdf", "SKILL.md")), folder(path.join(w.skills, "pdf"))],
      run: async (w) => {
        const read = await readCatalogSkill(ctx(w), { name: "pdf" }).catch((e: Error) => e.message);
        const load = await textToLoad(ctx(w), { name: "pdf", path: path.join(w.skills, "pdf", "SKILL.md") });
        return json({ read, load });
      },
    },
    {
      name: "the consolidation preview (the question to the remote judge)",
      touched: (w) => [
        file(path.join(w.skills, "pdf", "SKILL.md")),
        file(path.join(w.skills, "pdf-merge", "SKILL.md")),
        folder(path.join(w.skills, "pdf-merge")),
        file(path.join(w.hermes, "cron", "jobs.json")),
      ],
      run: async (w) => {
        const before = judge.calls.length;
        const preview = await consolidationPreview(ctx(w)).catch((e: Error) => e.message);
        return json({ preview, asked: judge.calls.slice(before).map((c) => c.body) });
      },
    },
    {
      name: "the consolidation apply",
      prepare: async (w) => void (await consolidationPreview(ctx(w))),
      touched: (w) => [
        file(path.join(w.skills, "pdf", "SKILL.md")),
        folder(path.join(w.skills, "pdf", "references")),
        file(path.join(w.skills, "pdf", "references", "pdf-merge.md")),
        folder(path.join(w.skills, "pdf-merge")),
        folder(path.join(w.skills, ".archive")),
        file(path.join(w.hermes, "cron", "jobs.json")),
        file(path.join(w.hermes, "cron", ".jobs.lock")),
        file(path.join(w.skills, ".usage.json")),
        file(path.join(w.skills, ".usage.json.lock")),
        file(path.join(w.skills, ".curator_state")),
        file(previewFile(w.config.dbFile)),
      ],
      run: async (w) => json(await applyConsolidation(ctx(w))),
    },
    {
      name: "the consolidation undo",
      prepare: async (w) => {
        await consolidationPreview(ctx(w));
        await applyConsolidation(ctx(w));
      },
      touched: (w) => [
        file(path.join(w.skills, "pdf", "SKILL.md")),
        folder(path.join(w.skills, "pdf", "references")),
        file(path.join(w.skills, "pdf", "references", "pdf-merge.md")),
        folder(path.join(w.skills, ".archive")),
        folder(path.join(w.skills, ".archive", "pdf-merge")),
        file(path.join(w.hermes, "cron", "jobs.json")),
        file(path.join(w.skills, ".usage.json")),
      ],
      run: async (w) => json(await undoConsolidationInto(ctx(w), { umbrella: "pdf" })),
    },
    {
      name: "the Curator page's saved preview",
      prepare: async (w) => void (await consolidationPreview(ctx(w))),
      touched: (w) => [file(previewFile(w.config.dbFile))],
      run: async (w) => json(savedConsolidationPreview(w.config)),
    },
    {
      name: "archive and restore (jev curator archive/restore)",
      touched: (w) => [
        folder(path.join(w.skills, ".archive")),
        folder(path.join(w.skills, "pdf-merge")),
        file(path.join(w.skills, ".usage.json")),
        file(path.join(w.skills, ".usage.json.lock")),
      ],
      run: async (w) => {
        const archived = await actOnSkill(ctx(w), { action: "archive", name: "pdf-merge" }).catch((e: Error) => e.message);
        const restored = await actOnSkill(ctx(w), { action: "restore", name: "pdf-merge" }).catch((e: Error) => e.message);
        return json({ archived, restored });
      },
    },
    {
      name: "a usage bump (POST /api/skills/:name/usage)",
      touched: (w) => [file(path.join(w.skills, ".usage.json")), file(path.join(w.skills, ".usage.json.lock"))],
      run: async (w) => json(await bumpUsage(ctx(w), { name: "pdf", kind: "use" })),
    },
    {
      name: "the curator's run",
      touched: (w) => [file(path.join(w.skills, ".curator_state")), file(path.join(w.skills, ".locks", "curator-run")), folder(path.join(w.hermes, "logs"))],
      run: async (w) => json(await runCuratorNow(ctx(w))),
    },
    {
      name: "jev integrate claude-code, and --remove",
      touched: (w) => [
        file(path.join(w.home, ".claude", "settings.json")),
        file(path.join(w.home, ".claude", "jev", "url")),
        file(path.join(w.home, ".claude", "jev", "token")),
      ],
      run: async (w) => `${await cli(w, "integrate", "claude-code")}\n${await cli(w, "integrate", "claude-code", "--remove")}`,
    },
    {
      name: "jev integrate codex, and --remove",
      touched: (w) => [file(path.join(w.home, ".codex", "hooks.json")), file(path.join(w.home, ".codex", "config.toml"))],
      run: async (w) => `${await cli(w, "integrate", "codex")}\n${await cli(w, "integrate", "codex", "--remove")}`,
    },
    {
      name: "jev integrate <client> --mcp, and --remove",
      touched: (w) => [
        file(path.join(w.home, ".claude.json")),
        file(path.join(w.home, ".claude", "jev", "mcp-token")),
        file(path.join(w.home, ".gemini", "settings.json")),
      ],
      run: async (w) =>
        [
          await cli(w, "integrate", "claude-code", "--mcp"),
          await cli(w, "integrate", "claude-code", "--mcp", "--remove"),
          await cli(w, "integrate", "gemini", "--mcp"),
          await cli(w, "integrate", "gemini", "--mcp", "--remove"),
        ].join("\n"),
    },
    {
      name: "jev integrate hermes",
      touched: (w) => [file(path.join(w.hermes, ".env")), file(path.join(w.hermes, "config.yaml"))],
      run: async (w) => `${await cli(w, "integrate", "hermes")}\n${await cli(w, "integrate", "hermes", "--remove")}`,
    },
    {
      name: "jev's own token file",
      touched: (w) => [file(`${w.config.dbFile}.token`)],
      run: async (w) => cli(w, "token"),
    },
  ];

  for (const op of OPERATIONS) {
    it(op.name, async () => {
      const failures: string[] = [];
      const probe = world();
      await op.prepare?.(probe);
      const paths = op.touched(probe).map((t) => path.relative(probe.dir, t.path));
      for (const rel of paths) {
        for (const hazard of HAZARDS) {
          const w = world();
          await op.prepare?.(w);
          const touched = op.touched(w).find((t) => path.relative(w.dir, t.path) === rel)!;
          if (hazard === "wrong-kind" && touched.kind === "folder" && rel.endsWith("logs")) continue;
          const before = canary.state();
          const inHome = homeCanary(w.home, canary);
          const homeBefore = fs.readFileSync(inHome.file, "utf8");
          const release = plant(touched, hazard, canary, inHome);
          const outcome = await runGuarded(() => op.run(w));
          release();
          const where = `${hazard} at ${rel}`;
          if (outcome.ms > 1_500) failures.push(`${where}: took ${Math.round(outcome.ms)} ms (a blocked open?)`);
          if (outcome.said.includes(canary.secret)) failures.push(`${where}: the canary's secret is in what it said or sent`);
          if (canary.state() !== before) failures.push(`${where}: the canary changed`);
          if (fs.readFileSync(inHome.file, "utf8") !== homeBefore) failures.push(`${where}: the home's private file changed`);
          if (outcome.errorName && CRASHES.has(outcome.errorName)) failures.push(`${where}: crashed (${outcome.said.slice(0, 200)})`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
