import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as postCuratorAction } from "../../app/api/curator/[action]/route";
import { getDb } from "../../db/client";
import { tempDir } from "../../lib/testing/factories";
import { buildHermesHome, idleRecord } from "../../lib/testing/hermes-home";
import { main } from "../main";

/**
 * One door per verb: `jev curator <verb>` and `POST /api/curator/<verb>` call
 * the same service verb, so on two copies of one Hermes home they leave the
 * same history rows. And every verb that changes skills writes its row.
 */

const TOKEN = "curator-parity-token";
let tmp: ReturnType<typeof tempDir>;
let out: string[];
let err: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  tmp = tempDir("jev-curator-verbs-");
  out = [];
  err = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  err.mockRestore();
  tmp.cleanup();
});

/** A home with a skill of each kind the verbs act on; `due` makes a curator run due (the last one 8 days ago). */
function makeHome(name: string, options: { due?: boolean } = {}): string {
  const now = Date.now();
  const home = path.join(tmp.dir, name);
  buildHermesHome(home, {
    configYaml: "curator:\n  prune_builtins: false\n",
    skills: { mine: null, stuck: null, hand: null, old: null, ".archive/gone": null },
    usage: {
      mine: idleRecord(now, 1),
      stuck: idleRecord(now, 2, { pinned: true }),
      hand: { created_by: "learn" },
      old: idleRecord(now, 120),
      gone: idleRecord(now, 200, { state: "archived" }),
    },
  });
  const lastRun = options.due ? now - 8 * 86_400_000 : now;
  fs.writeFileSync(path.join(home, "skills/.curator_state"), JSON.stringify({ last_run_at: new Date(lastRun).toISOString(), run_count: 1 }));
  return home;
}

/** Point jev at this home and its own database. */
function useHome(home: string): void {
  vi.stubEnv("HERMES_HOME", home);
  vi.stubEnv("JEV_DB", path.join(home, "..", `${path.basename(home)}.db`));
  vi.stubEnv("JEV_API_TOKEN", TOKEN);
}

/** The history as a verb left it, without what differs between two homes (ids, instants, the home's path). */
async function historyRows(): Promise<{ skill: string; kind: string; count: number; source: string; detail: unknown }[]> {
  const db = getDb();
  const rows = await db.select().from(db.jev.t.usageEvents);
  return rows
    .map((r) => ({
      skill: r.skill,
      kind: r.kind,
      count: r.count,
      source: r.source,
      detail: r.detail === null ? null : JSON.parse(r.detail.replaceAll(r.home, "<home>")),
    }))
    .sort((a, b) => (`${a.skill}:${a.kind}` < `${b.skill}:${b.kind}` ? -1 : 1));
}

async function viaCli(argv: string[]): Promise<number> {
  return main(argv, (line) => out.push(line));
}

async function viaApi(action: string, body: object): Promise<Response> {
  const request = new Request(`http://127.0.0.1/api/curator/${action}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return postCuratorAction(request, { params: Promise.resolve({ action }) });
}

describe("jev curator and POST /api/curator leave the same rows", () => {
  it.each([
    ["pin", ["mine"], { name: "mine" }],
    ["unpin", ["stuck"], { name: "stuck" }],
    ["archive", ["mine"], { name: "mine" }],
    ["restore", ["gone"], { name: "gone" }],
    ["adopt", ["hand"], { name: "hand" }],
    ["run", [], {}],
  ])("%s", async (verb, args, body) => {
    useHome(makeHome("cli-home"));
    expect(await viaCli(["curator", verb, ...args])).toBe(0);
    const fromCli = await historyRows();

    useHome(makeHome("api-home"));
    const reply = await viaApi(verb, body);
    expect(reply.status).toBe(200);
    const fromApi = await historyRows();

    expect(fromCli.length).toBeGreaterThan(0);
    expect(fromApi).toEqual(fromCli);
  });
});

describe("every curator verb that changes skills is in the history", () => {
  it("adopt writes an adopt row for each skill it adopted, none for one already managed", async () => {
    useHome(makeHome("home"));
    expect(await viaCli(["curator", "adopt", "hand", "mine", "-y"])).toBe(0);
    expect(out).toEqual(["adopted 'hand' into curator management", "'mine' is already curator-managed"]);
    expect(await historyRows()).toEqual([
      { skill: "hand", kind: "adopt", count: 1, source: "curator", detail: { message: "adopted 'hand' into curator management" } },
    ]);
  });

  it("a due run that a CLI subcommand starts records what it changed, as the scheduler's does", async () => {
    useHome(makeHome("home", { due: true }));
    expect(await viaCli(["curator", "status"])).toBe(0);
    expect(fs.existsSync(path.join(tmp.dir, "home/skills/.archive/old"))).toBe(true);
    expect(await historyRows()).toEqual([
      { skill: "old", kind: "archive", count: 1, source: "curator", detail: { from: "active", to: "archived", by: "scheduled run" } },
    ]);
  });
});

describe("jev curator overlaps", () => {
  it("needs no Hermes home: any agent's skills, the overlapping ones grouped with their evidence, copies across roots named", async () => {
    const home = path.join(tmp.dir, "home");
    const write = (root: string, name: string, description: string, body: string) => {
      fs.mkdirSync(path.join(root, name), { recursive: true });
      fs.writeFileSync(path.join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`);
    };
    const claude = path.join(home, ".claude", "skills");
    write(claude, "pdf-merge", "Merge PDF files and split PDF pages.", "Use qpdf to merge PDF files; split pages out of a PDF.");
    write(claude, "pdf-tools", "Merge, split and rotate PDF pages.", "qpdf merges PDF files, splits PDF pages and rotates them.");
    for (const [name, description] of [
      ["docx", "Create and edit Word documents with tracked changes."],
      ["weather", "Look up the forecast for a city."],
      ["haiku", "Write haiku poems."],
    ])
      write(claude, name, description, "");
    write(path.join(home, ".codex", "skills"), "docx", "Word documents, an older copy.", "");
    vi.stubEnv("HOME", home);
    vi.stubEnv("HERMES_HOME", path.join(tmp.dir, "no-hermes-here"));
    vi.stubEnv("JEV_DB", path.join(tmp.dir, "jev.db"));
    expect(await main(["curator", "overlaps", "--json"], (l) => out.push(l))).toBe(0);
    const found = JSON.parse(out.join("\n"));
    expect(found.skills).toBe(5);
    expect(found.clusters.map((c: { skills: { name: string }[] }) => c.skills.map((s) => s.name).sort())).toEqual([["pdf-merge", "pdf-tools"]]);
    expect(found.copies).toEqual([
      expect.objectContaining({ kind: "copies", skills: [expect.objectContaining({ name: "docx" }), expect.objectContaining({ name: "docx" })] }),
    ]);
    out = [];
    expect(await main(["curator", "overlaps"], (l) => out.push(l))).toBe(0);
    expect(out[0]).toMatch(/^5 skills read in \d+ ms \(words only: the sentence encoder is off\): 1 group overlaps, 1 name is in more than one root$/);
    expect(out.join("\n")).toContain("shared: ");
  });
});

describe("jev curator consolidate", () => {
  it("prints the judge's checked plans as a preview, and needs a remote judge (one line, exit 1)", async () => {
    const { startJudgeServer } = await import("../../lib/testing/judge-server");
    const { writeSkill } = await import("../../lib/testing/factories");
    const judge = await startJudgeServer();
    try {
      const home = path.join(tmp.dir, "hermes");
      buildHermesHome(home, { usage: { pdf: idleRecord(Date.now(), 1), "pdf-merge": idleRecord(Date.now(), 1) } });
      writeSkill(path.join(home, "skills"), "pdf", "Merge, split and rotate PDF pages.", { body: "\nqpdf merges PDF files and splits PDF pages.\n" });
      writeSkill(path.join(home, "skills"), "pdf-merge", "Merge PDF files into one PDF.", { body: "\nqpdf merges PDF files; it splits PDF pages too.\n" });
      vi.stubEnv("HERMES_HOME", home);
      vi.stubEnv("JEV_DB", path.join(tmp.dir, "jev.db"));
      expect(await main(["curator", "consolidate"], (l) => out.push(l))).toBe(1);
      expect(err.mock.calls.flat().join("\n")).toContain("JEV_JUDGE=openai");
      vi.stubEnv("JEV_JUDGE", "openai");
      vi.stubEnv("JEV_JUDGE_URL", `${judge.url}/v1`);
      vi.stubEnv("JEV_JUDGE_MODEL", "test-model");
      const plan = { cluster: 1, umbrella: { name: "pdf" }, absorb: [{ skill: "pdf-merge", as: "reference" }], reason: "one skill for PDF pages" };
      judge.script(() => ({ kind: "content", content: JSON.stringify({ plans: [plan] }) }));
      out = [];
      expect(await main(["curator", "consolidate"], (l) => out.push(l))).toBe(0);
      expect(out[0]).toMatch(
        /^1 overlapping group of .*hermes's skills, 1 question\(s\) to the judge \(1 request\(s\), [01] new connection\(s\)\): 1 plan\(s\), nothing changed \(a preview\)$/,
      );
      expect(out[1]).toBe("  group 1: 'pdf' absorbs pdf-merge (as a reference)");
      expect(fs.existsSync(path.join(home, "skills", "pdf-merge", "SKILL.md"))).toBe(true);
      expect(out.at(-1)).toMatch(/^apply it \(exactly this, preview [0-9a-f]{16}\) with: jev curator consolidate --apply$/);

      out = [];
      expect(await main(["curator", "consolidate", "--apply"], (l) => out.push(l))).toBe(0);
      expect(out[0]).toMatch(/^consolidation applied; llm: consolidated 1 skill\(s\) into 1 umbrella\(s\)\narchived 1 skill\(s\):\n {2}• pdf-merge → pdf\n/);
      expect(out.at(-1)).toBe("undo: jev curator restore --consolidation pdf");
      expect(fs.existsSync(path.join(home, "skills", "pdf", "references", "pdf-merge.md"))).toBe(true);
      out = [];
      expect(await main(["curator", "consolidations"], (l) => out.push(l))).toBe(0);
      expect(out).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}pdf <- pdf-merge$/)]);
      // A second apply has no preview left: one line, exit 1.
      expect(await main(["curator", "consolidate", "--apply"], (l) => out.push(l))).toBe(1);
      expect(err.mock.calls.flat().join("\n")).toContain("no consolidation preview to apply");
      expect(await main(["curator", "restore", "--consolidation"], (l) => out.push(l))).toBe(2);
      out = [];
      expect(await main(["curator", "restore", "--consolidation", "pdf"], (l) => out.push(l))).toBe(0);
      expect(out).toEqual(["undid the consolidation into 'pdf': restored pdf-merge"]);
      expect(fs.existsSync(path.join(home, "skills", "pdf-merge", "SKILL.md"))).toBe(true);
      expect(fs.existsSync(path.join(home, "skills", "pdf", "references"))).toBe(false);
    } finally {
      await judge.close();
    }
  });
});
