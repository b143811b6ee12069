import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../db/client";
import { sqliteOf } from "../../../db/dialect";
import { insertDecision } from "../../../db/queries/decisions";
import { decisions } from "../../../db/schema";
import type { JevConfig } from "../../config";
import { ctxAt, freshDb, pickCtx, skillTree, tempDir, testConfig, writeSkill } from "../../testing/factories";
import { forgetLeftOutRoots, leftOutRoots } from "../catalog/left-out-roots";
import { catalogSource } from "../catalog/source";
import { decisionDetail, decisionPage } from "./explorer";
import { servePickSkill } from "./pick";
import { decisionSummary } from "./summary";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let root: string;
let config: JevConfig;

beforeEach(() => {
  tmp = tempDir("jev-service-");
  root = path.join(tmp.dir, "skills");
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
  skillTree(root, {
    pdf: "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.",
    xlsx: "Create, edit and analyze Excel spreadsheets with formulas and charts.",
    "git-commit": "Write conventional git commit messages from staged changes.",
  });
});
afterEach(() => tmp.cleanup());

describe("pickSkillService against a real SQLite file and real skill folders", () => {
  it("ranks the right skill, verifies it on disk and logs one row without the turn", async () => {
    const turn = "merge these two PDF documents into one for Zanzibarquux";
    const { reply } = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn, roots: [root], sessionId: "s-1", agent: "hermes" });
    expect(reply.status).toBe("ok");
    expect(reply.skills[0]).toMatchObject({ name: "pdf", path: path.join(root, "pdf", "SKILL.md") });
    expect(reply.skills[0].match).toBeGreaterThanOrEqual(0.5);
    const rows = sqliteOf(db).select().from(decisions).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "ok",
      outcome: "suggested",
      reasonCode: null,
      catalogSize: 3,
      skillsReturned: reply.skills.length,
      judge: "local",
      channel: "api",
    });
    expect(rows[0]).toMatchObject({ sessionId: "s-1", agent: "hermes", suggestedSkill: "pdf", reportsLoads: false });
    const dbBytes = fs.readFileSync(path.join(tmp.dir, "jev.db")).toString("latin1") + fs.readFileSync(path.join(tmp.dir, "jev.db-wal")).toString("latin1");
    expect(dbBytes).not.toContain("Zanzibarquux");
    expect(dbBytes).not.toContain("merge these");
  });

  it("explains itself: every candidate with its scores and verdict, and the stage timings", async () => {
    const { decisionId } = await servePickSkill(pickCtx({ db, config }), {
      channel: "api",
      turn: "merge PDF documents",
      roots: [root],
      loaded: ["xlsx"],
      sessionId: "s-2",
    });
    const detail = await decisionDetail(ctxAt(db), { id: decisionId! });
    expect(detail).toMatchObject({ outcome: "suggested", session: "s-2", suggested: { name: "pdf" }, catalog_size: 3, judge: "local" });
    expect(detail.timings.stage_one_ms).not.toBeNull();
    expect(detail.candidates[0]).toMatchObject({ name: "pdf", path: path.join(root, "pdf", "SKILL.md"), verdict: "suggested" });
    expect(detail.candidates[0].score).toBeGreaterThan(0);
    expect(detail.candidates[0].match).toBeGreaterThanOrEqual(0.5);
    for (const c of detail.candidates) expect(["suggested", "already_loaded", "rejected_by_stage_two", "below_threshold", "runner_up"]).toContain(c.verdict);
    const listed = await decisionPage(ctxAt(db), { session: "s-2" });
    expect(listed.decisions.map((d) => d.id)).toEqual([decisionId]);
    expect(listed.decisions[0].top[0]).toMatchObject({ name: "pdf", verdict: "suggested" });
  });

  it("does not suggest a skill whose file vanished after discovery", async () => {
    await servePickSkill(pickCtx({ db, config }), { channel: "api", turn: "merge PDF documents", roots: [root] });
    fs.rmSync(path.join(root, "pdf", "SKILL.md"));
    const { reply } = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn: "merge PDF documents please", roots: [root] });
    expect(reply.skills.map((s) => s.name)).not.toContain("pdf");
  });

  it("a name outside the caller's loadable list is not_loadable", async () => {
    const { reply, decisionId } = await servePickSkill(pickCtx({ db, config }), {
      channel: "api",
      turn: "merge PDF documents",
      roots: [root],
      loadable: ["xlsx"],
    });
    expect(reply.skills.map((s) => s.name)).not.toContain("pdf");
    expect((await decisionDetail(ctxAt(db), { id: decisionId! })).candidates.find((c) => c.name === "pdf")?.verdict).toBe("not_loadable");
  });

  it("a name the agent hides from its model is never ranked (Claude Code's skillOverrides)", async () => {
    const { reply, decisionId } = await servePickSkill(pickCtx({ db, config }), {
      channel: "api",
      turn: "merge PDF documents",
      roots: [root],
      hidden: ["pdf"],
    });
    expect(reply.skills.map((s) => s.name)).not.toContain("pdf");
    const detail = await decisionDetail(ctxAt(db), { id: decisionId! });
    expect(detail.candidates.map((c) => c.name)).not.toContain("pdf");
    expect(detail.catalog_size).toBe(2);
  });

  it("fails open with no_skills when no root has skills, and warns about the missing root", async () => {
    const missing = path.join(tmp.dir, "empty");
    const { reply, warnings } = await servePickSkill(pickCtx({ db, config }), {
      channel: "cli",
      turn: "merge PDF documents",
      roots: [missing],
      agent: "my-bot",
    });
    expect(reply).toEqual({ status: "fail_open", reason: "no_skills", skills: [] });
    expect(warnings).toEqual([expect.stringContaining("agent 'my-bot' is not one jev knows"), `root ${missing} does not exist`]);
  });

  it("summaries count old fail-open rows without a code as unknown, by day and status", async () => {
    await servePickSkill(pickCtx({ db, config, clock: () => Date.parse("2026-11-20T10:00:00Z") }), { channel: "api", turn: "ok" });
    await servePickSkill(pickCtx({ db, config, clock: () => Date.parse("2026-11-21T10:00:00Z") }), { channel: "api", turn: `use ghp_${"a".repeat(36)}` });
    // A row from before reason codes existed (a fail-open row without one).
    await insertDecision(db, {
      at: Date.parse("2026-11-21T11:00:00Z"),
      day: "2026-11-21",
      status: "fail_open",
      outcome: "fail_open",
      reasonCode: null,
      latencyMs: 5,
      requests: 1,
      catalogSize: 3,
      skillsReturned: 0,
      judge: "local",
      channel: "api",
    });
    const s = await decisionSummary(ctxAt(db), { from: "2026-11-20", to: "2026-11-21" });
    expect(s.total).toBe(3);
    expect(s.byStatus).toEqual({ ok: 1, fail_open: 2 });
    expect(s.byReason).toEqual({ sensitive_turn: 1, unknown: 1 });
    expect(s.byDay).toEqual([
      { day: "2026-11-20", status: "ok", count: 1 },
      { day: "2026-11-21", status: "fail_open", count: 2 },
    ]);
    expect((await decisionSummary(ctxAt(db), { from: "2026-11-21", to: "2026-11-21", reason: "unknown" })).total).toBe(1);
    expect(s.latencyMs.p50).toBe(0);
    expect(s.latencyMs.p99).toBe(5);
    await expect(decisionSummary(ctxAt(db), { from: "2026-11-22", to: "2026-11-21" })).rejects.toThrow(/from/);
    await expect(decisionSummary(ctxAt(db), { to: "-271821-04-20T00:00:00Z" })).rejects.toThrow(/to: must be between 2000 and 2100/);
    expect((await decisionPage(ctxAt(db), { from: "2026-11-21", to: "2026-11-21", reason: "unknown" })).decisions[0]).toMatchObject({
      reason: "unknown",
      outcome: "fail_open",
    });
  });
});

describe("the local judge ranks the whole catalog", () => {
  it("no cap and no skills_dropped past 960 skills: a skill found last is still suggested", async () => {
    for (let i = 0; i < 965; i++) writeSkill(root, `bulk-${String(i).padStart(4, "0")}`, `bulk skill number ${i}`);
    writeSkill(root, "zz-last-found", "Transcode Ogg Vorbis audio files into FLAC with lossless quality");
    skillTree(root, {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { reply } = await servePickSkill(pickCtx({ config }), { channel: "cli", turn: "transcode these ogg vorbis files to flac", roots: [root] });
    expect(reply.skills_dropped).toBeUndefined();
    expect(reply.skills[0]?.name).toBe("zz-last-found");
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe("configuration", () => {
  it("an unavailable JEV_JUDGE fails open with `other`, logged as a decision, warned once", async () => {
    const warn = vi.spyOn(console, "error").mockImplementation(() => {});
    const openai = testConfig(tmp.dir, { JEV_JUDGE: "openai" });
    const a = await servePickSkill(pickCtx({ db, config: openai }), { channel: "api", turn: "merge PDF documents", roots: [root] });
    await servePickSkill(pickCtx({ db, config: openai }), { channel: "api", turn: "merge PDF documents", roots: [root] });
    expect(a.reply).toEqual({ status: "fail_open", reason: "other", skills: [] });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(
      sqliteOf(db)
        .select()
        .from(decisions)
        .all()
        .map((r) => [r.reasonCode, r.judge]),
    ).toEqual([
      ["other", "openai"],
      ["other", "openai"],
    ]);
    warn.mockRestore();
  });

  it("roots given explicitly replace the default roots entirely", async () => {
    writeSkill(path.join(tmp.dir, ".claude", "skills"), "claude-only", "merge PDF documents fast");
    expect(catalogSource({}, config).roots).toContain(path.join(tmp.dir, ".claude", "skills"));
    expect(catalogSource({ roots: [root] }, config).roots).toEqual([root]);
    const { reply } = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn: "merge PDF documents", roots: [root] });
    expect(reply.skills.map((s) => s.name)).not.toContain("claude-only");
  });

  it("Hermes's disabled list applies to default roots and to explicit roots from Hermes only", () => {
    fs.mkdirSync(config.hermesHome, { recursive: true });
    fs.writeFileSync(path.join(config.hermesHome, "config.yaml"), "skills:\n  disabled: [pdf]\n");
    expect(catalogSource({}, config).disabled).toEqual(["pdf"]);
    expect(catalogSource({ roots: [root], agent: "hermes" }, config).disabled).toEqual(["pdf"]);
    expect(catalogSource({ roots: [root] }, config).disabled).toEqual([]);
  });

  it("a skill in skills.platform_disabled.<platform> is never offered on that platform, and still is elsewhere", async () => {
    // Hermes's own format (hermes_cli/skills_config.py save_disabled_skills): a mapping of platform to a list.
    fs.mkdirSync(config.hermesHome, { recursive: true });
    fs.writeFileSync(
      path.join(config.hermesHome, "config.yaml"),
      "skills:\n  disabled: [xlsx]\n  platform_disabled:\n    telegram:\n    - pdf\n    discord: []\n",
    );
    const turn = "fill in this PDF form, then merge the two PDF files into one PDF";
    const on = (platform?: string) => servePickSkill(pickCtx({ db, config }), { channel: "api", turn, roots: [root], agent: "hermes", platform });
    const names = async (platform?: string) => (await on(platform)).reply.skills.map((s) => s.name);
    expect(await names()).toContain("pdf");
    expect(await names("discord")).toContain("pdf");
    expect(await names("cli")).toContain("pdf");
    expect(await names("telegram")).not.toContain("pdf");
    expect([...catalogSource({ agent: "hermes", platform: "telegram" }, config).hiddenOnPlatform]).toEqual(["pdf"]);
    // The global list still applies on every platform, and is not repeated in the platform's set.
    expect(await names("telegram")).not.toContain("xlsx");
    expect([...catalogSource({ agent: "hermes", platform: "__proto__" }, config).hiddenOnPlatform]).toEqual([]);
  });
});

describe("client roots and the walk budget", () => {
  it("leaves an API client's root outside the allow-list out of the request, names it in a warning, and ranks the others", async () => {
    forgetLeftOutRoots();
    for (const bad of ["/", "/proc", "/etc"]) {
      const served = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn: "merge PDF documents", roots: [root, bad] });
      expect(served.reply.skills[0].name).toBe("pdf");
      expect(served.warnings).toEqual([
        `root ${bad} is not an allowed root (JEV_ALLOWED_ROOTS; by default the default roots and folders under the server user's home); left out of this request`,
      ]);
    }
    expect(sqliteOf(db).select().from(decisions).all()).toHaveLength(3);
    expect(leftOutRoots().map((r) => [r.root, r.requests])).toEqual([
      ["/etc", 1],
      ["/proc", 1],
      ["/", 1],
    ]);
    // Every root left out: nothing to rank, and the reply says why.
    const none = await servePickSkill(pickCtx({ db, config }), { channel: "api", turn: "merge PDF documents", roots: ["/etc"] });
    expect(none.reply).toMatchObject({ status: "fail_open", reason: "no_skills" });
    expect(none.warnings[0]).toMatch(/^root \/etc is not an allowed root/);
    expect(leftOutRoots()[0]).toMatchObject({ root: "/etc", requests: 2 });
  });

  it("lets the CLI name any root: it runs as the user", async () => {
    const elsewhere = testConfig(path.join(tmp.dir, "other-home"));
    const viaApi = await servePickSkill(pickCtx({ db, config: elsewhere }), { channel: "api", turn: "merge PDF documents", roots: [root] });
    expect(viaApi.reply.skills).toEqual([]);
    expect(viaApi.warnings[0]).toMatch(/is not an allowed root/);
    const { reply } = await servePickSkill(pickCtx({ db, config: elsewhere }), { channel: "cli", turn: "merge PDF documents", roots: [root] });
    expect(reply.skills[0].name).toBe("pdf");
  });

  it("fails open with catalog_over_budget and a warning when the walk runs out of budget, and logs the reason", async () => {
    const { WalkBudget } = await import("../../catalog/walk-budget");
    const fresh = path.join(tmp.dir, "fresh-root"); // not yet cached, so it must be walked
    writeSkill(fresh, "pdf", "Merge PDF documents");
    const served = await servePickSkill(pickCtx({ db, config }), {
      channel: "api",
      walkBudget: new WalkBudget(Date.now() - 1),
      turn: "merge PDF documents",
      roots: [fresh],
    });
    expect(served.reply).toEqual({ status: "fail_open", reason: "catalog_over_budget", skills: [] });
    expect(served.warnings).toEqual([expect.stringMatching(/took over 3 s; catalog not ranked$/)]);
    expect(sqliteOf(db).select().from(decisions).all()[0].reasonCode).toBe("catalog_over_budget");
  });
});
