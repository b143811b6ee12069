import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDb, type Db } from "../../db/client";
import { decisions } from "../../db/schema";
import { clearDiscoveryCache } from "../catalog/discover";
import { decisionSummary } from "./decision-summary";
import { catalogSource, metaSkillsFromEnv } from "./catalog-source";
import { pickSkillService } from "./pick-skill";

let tmp: string;
let db: Db;
let root: string;
const env = () => ({ ...process.env, HERMES_HOME: path.join(tmp, "no-hermes"), HOME: tmp });

function skill(name: string, description: string) {
  fs.mkdirSync(path.join(root, name), { recursive: true });
  fs.writeFileSync(path.join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n`);
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jev-service-"));
  root = path.join(tmp, "skills");
  db = openDb(path.join(tmp, "jev.db"));
  clearDiscoveryCache();
  skill("pdf", "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.");
  skill("xlsx", "Create, edit and analyze Excel spreadsheets with formulas and charts.");
  skill("git-commit", "Write conventional git commit messages from staged changes.");
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("pickSkillService against a real SQLite file and real skill folders", () => {
  it("ranks the right skill, verifies it on disk and logs one row without the turn", async () => {
    const turn = "merge these two PDF documents into one for Zanzibarquux";
    const { reply } = await pickSkillService({ turn, roots: [root] }, { channel: "api", db, env: env() });
    expect(reply.status).toBe("ok");
    expect(reply.skills[0]).toMatchObject({ name: "pdf", path: path.join(root, "pdf", "SKILL.md") });
    expect(reply.skills[0].match).toBeGreaterThanOrEqual(0.5);
    const rows = db.select().from(decisions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "ok", outcome: "suggested", reasonCode: null, catalogSize: 3, skillsReturned: reply.skills.length, judge: "local", channel: "api" });
    const dbBytes = fs.readFileSync(path.join(tmp, "jev.db")).toString("latin1") + fs.readFileSync(path.join(tmp, "jev.db-wal")).toString("latin1");
    expect(dbBytes).not.toContain("Zanzibarquux");
    expect(dbBytes).not.toContain("merge these");
  });

  it("does not suggest a skill whose file vanished after discovery", async () => {
    await pickSkillService({ turn: "merge PDF documents", roots: [root] }, { channel: "api", db, env: env() });
    fs.rmSync(path.join(root, "pdf", "SKILL.md"));
    const { reply } = await pickSkillService({ turn: "merge PDF documents please", roots: [root] }, { channel: "api", db, env: env() });
    expect(reply.skills.map((s) => s.name)).not.toContain("pdf");
  });

  it("fails open with no_skills when no root has skills", async () => {
    const { reply } = await pickSkillService({ turn: "merge PDF documents", roots: [path.join(tmp, "empty")] }, { channel: "cli", db, env: env() });
    expect(reply).toEqual({ status: "fail_open", reason: "no_skills", skills: [] });
  });

  it("summaries count old fail-open rows without a code as unknown, by day and status", async () => {
    await pickSkillService({ turn: "ok" }, { channel: "api", db, env: env(), clock: () => Date.parse("2026-11-20T10:00:00Z") });
    await pickSkillService({ turn: "use ghp_" + "a".repeat(36) }, { channel: "api", db, env: env(), clock: () => Date.parse("2026-11-21T10:00:00Z") });
    db.insert(decisions).values({ at: Date.parse("2026-11-21T11:00:00Z"), day: "2026-11-21", status: "fail_open", outcome: "fail_open", reasonCode: null, latencyMs: 5, requests: 1, catalogSize: 3, skillsReturned: 0, judge: "local", channel: "api" }).run();
    const s = decisionSummary(db, { from: "2026-11-20", to: "2026-11-21" });
    expect(s.total).toBe(3);
    expect(s.byStatus).toEqual({ ok: 1, fail_open: 2 });
    expect(s.byReason).toEqual({ sensitive_turn: 1, unknown: 1 });
    expect(s.byDay).toEqual([
      { day: "2026-11-20", status: "ok", count: 1 },
      { day: "2026-11-21", status: "fail_open", count: 2 },
    ]);
    expect(decisionSummary(db, { from: "2026-11-21", to: "2026-11-21", reason: "unknown" }).total).toBe(1);
    expect(s.latencyMs.p50).toBe(0);
    expect(s.latencyMs.p99).toBe(5);
    expect(() => decisionSummary(db, { from: "2026-11-22", to: "2026-11-21" })).toThrow(/from/);
  });
});

describe("catalog over the cap", () => {
  it("logs the dropped names once per process", async () => {
    for (let i = 0; i < 965; i++) skill(`bulk-${String(i).padStart(4, "0")}`, `bulk skill number ${i}`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = await pickSkillService({ turn: "run bulk skill", roots: [root] }, { channel: "cli", env: env() });
    await pickSkillService({ turn: "run bulk skill again", roots: [root] }, { channel: "cli", env: env() });
    expect(first.reply.skills_dropped).toBe(965 + 3 - 960);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("bulk-");
    warn.mockRestore();
  });
});

describe("configuration", () => {
  it("an unavailable JEV_JUDGE fails open with `other`, logged as a decision, warned once", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    const e = { ...env(), JEV_JUDGE: "openai" };
    const a = await pickSkillService({ turn: "merge PDF documents", roots: [root] }, { channel: "api", db, env: e });
    await pickSkillService({ turn: "merge PDF documents", roots: [root] }, { channel: "api", db, env: e });
    expect(a.reply).toEqual({ status: "fail_open", reason: "other", skills: [] });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(db.select().from(decisions).all().map((r) => r.reasonCode)).toEqual(["other", "other"]);
    warn.mockRestore();
  });

  it("roots given explicitly replace the default roots entirely", async () => {
    fs.mkdirSync(path.join(tmp, ".claude", "skills", "claude-only"), { recursive: true });
    fs.writeFileSync(path.join(tmp, ".claude", "skills", "claude-only", "SKILL.md"), "---\nname: claude-only\ndescription: merge PDF documents fast\n---\n");
    expect(catalogSource({}, env()).roots).toContain(path.join(tmp, ".claude", "skills"));
    expect(catalogSource({ roots: [root] }, env()).roots).toEqual([root]);
    const { reply } = await pickSkillService({ turn: "merge PDF documents", roots: [root] }, { channel: "api", db, env: env() });
    expect(reply.skills.map((s) => s.name)).not.toContain("claude-only");
  });

  it("Hermes's disabled list applies to default roots and to explicit roots from Hermes only", () => {
    fs.mkdirSync(path.join(tmp, "no-hermes"), { recursive: true });
    fs.writeFileSync(path.join(tmp, "no-hermes", "config.yaml"), "skills:\n  disabled: [pdf]\n");
    expect(catalogSource({}, env()).disabled).toEqual(["pdf"]);
    expect(catalogSource({ roots: [root], agent: "hermes" }, env()).disabled).toEqual(["pdf"]);
    expect(catalogSource({ roots: [root] }, env()).disabled).toEqual([]);
  });

  it("JEV_META_SKILLS replaces the default meta-skill list", () => {
    expect(metaSkillsFromEnv({} as NodeJS.ProcessEnv)).toEqual(["using-superpowers"]);
    expect(metaSkillsFromEnv({ JEV_META_SKILLS: "find-skills, using-superpowers ," } as unknown as NodeJS.ProcessEnv)).toEqual(["find-skills", "using-superpowers"]);
  });
});
