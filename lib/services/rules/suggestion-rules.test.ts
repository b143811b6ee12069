import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../db/client";
import { sqliteOf } from "../../../db/dialect";
import { suggestions } from "../../../db/schema";
import type { JevConfig } from "../../config";
import { ctxAt, freshDb, pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { decisionDetail } from "../decisions/explorer";
import { type PickRequest, servePickSkill } from "../decisions/pick";
import { recordAgentFeedback } from "../feedback/record";
import { liveRules, rulesFileSetting, skillFeedbackSetting, switchRuleTwo } from "./rule-settings";

const H = 3_600_000;
const T0 = Date.parse("2026-11-20T09:00:00Z");
const TURN = "merge these PDF documents and extract the text";
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let root: string;
let config: JevConfig;

beforeEach(() => {
  tmp = tempDir("jev-rules-");
  root = skillTree(path.join(tmp.dir, "skills"), {
    pdf: "Extract text from PDF documents, merge and split PDF files.",
    "pdf-forms": "Fill PDF forms and extract PDF form fields from documents.",
  });
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
});
afterEach(() => tmp.cleanup());

const ask = (at: number, request: Partial<PickRequest> = {}, cfg = config) =>
  servePickSkill(pickCtx({ db, config: cfg, clock: () => at }), { channel: "api", turn: TURN, roots: [root], ...request });
const pick = async (at: number, request: Partial<PickRequest> = {}, cfg = config) => (await ask(at, request, cfg)).reply.skills.map((s) => s.name);
const feedback = async (sessionId: string, skill: string, at: number, event: "loaded" | "rejected" = "loaded") =>
  await recordAgentFeedback(ctxAt(db, config), { sessionId, skill, event, at });

describe("rule 1 (selection spec §7)", () => {
  it("a skill loaded in this session is not suggested again in it", async () => {
    expect((await pick(T0, { sessionId: "s1" }))[0]).toBe("pdf");
    await feedback("s1", "pdf", T0 + 60_000);
    expect(await pick(T0 + 120_000, { sessionId: "s1" })).not.toContain("pdf");
    expect((await pick(T0 + 120_000, { sessionId: "s2" }))[0]).toBe("pdf");
    const again = await ask(T0 + 120_000, { sessionId: "s3", loaded: ["pdf"] });
    expect(again.reply.skills.map((s) => s.name)).not.toContain("pdf");
    expect((await decisionDetail(ctxAt(db), { id: again.decisionId! })).candidates.find((c) => c.name === "pdf")?.verdict).toBe("already_loaded");
  });

  it("a load within 5 minutes is attributed to its suggestion; a later one is not", async () => {
    await pick(T0, { sessionId: "a" });
    await pick(T0, { sessionId: "b" });
    expect((await feedback("a", "pdf", T0 + 4 * 60_000)).attributed).toBe(true);
    expect((await feedback("b", "pdf", T0 + 6 * 60_000)).attributed).toBe(false);
    const rows = sqliteOf(db)
      .select()
      .from(suggestions)
      .all()
      .filter((r) => r.skill === "pdf");
    expect(rows.map((r) => [r.sessionId, r.loadedAt !== null])).toEqual([
      ["a", true],
      ["b", false],
    ]);
  });
});

describe("rule 2 judges only what was shown, where loads can be known", () => {
  it("only the skill the agent was told to load is a suggestion; the extras are not", async () => {
    const { reply } = await ask(T0, { sessionId: "one" });
    expect(reply.skills.length).toBeGreaterThan(1);
    expect(
      sqliteOf(db)
        .select()
        .from(suggestions)
        .all()
        .map((r) => r.skill),
    ).toEqual(["pdf"]);
  });

  it("a client that never reports loads is never suppressed (the README's curl, run many times)", async () => {
    for (let i = 0; i < 12; i++) expect((await pick(T0 + i * 60_000, { sessionId: "abc" }))[0]).toBe("pdf");
    for (let i = 0; i < 12; i++) expect((await pick(T0 + H + i * 60_000))[0]).toBe("pdf");
  });

  it("a client that declares feedback: 5 showings, no load → suppressed (its own outcome), retried 6 hours after last shown", async () => {
    for (let i = 0; i < 5; i++) expect(await pick(T0 + i * H, { sessionId: `s${i}`, feedback: true })).toContain("pdf");
    const lastShown = T0 + 4 * H;
    const suppressed = await ask(lastShown + H, { sessionId: "later", feedback: true });
    expect(suppressed.reply.skills.map((s) => s.name)).not.toContain("pdf");
    const detail = await decisionDetail(ctxAt(db), { id: suppressed.decisionId! });
    expect(detail.outcome).toBe(detail.suggested ? "suggested" : "suppressed"); // pdf-forms may take its place; never "rejected"
    expect(detail.candidates.find((c) => c.name === "pdf")).toMatchObject({
      verdict: "suppressed",
      detail: { suggestions: 5, loads: 0, retry_at: new Date(lastShown + 6 * H).toISOString() },
    });
    // The agent hears why, in the reply's additive warnings, when the held-back skill was the one to load.
    if (detail.outcome === "suppressed") {
      expect(suppressed.warnings).toEqual([
        `'pdf' fits but is held back by rule 2 (suggested 5 times lately and loaded 0); it is offered again from ${new Date(lastShown + 6 * H).toISOString()}`,
      ]);
    } else expect(suppressed.warnings).toEqual([]);
    expect(await pick(lastShown + 6 * H, { sessionId: "retry", feedback: true })).toContain("pdf"); // the retry is shown…
    expect(await pick(lastShown + 6 * H + 60_000, { sessionId: "after-retry", feedback: true })).not.toContain("pdf"); // …and suppression resumes
  });

  it("when rule 2 held back the one skill that fits, the reply's warnings say so and when it returns", async () => {
    const only = skillTree(path.join(tmp.dir, "only-pdf"), { pdf: "Extract text from PDF documents, merge and split PDF files." });
    const at = (t: number, sessionId: string) =>
      servePickSkill(pickCtx({ db, config, clock: () => t }), { channel: "api", turn: TURN, roots: [only], sessionId, feedback: true });
    for (let i = 0; i < 5; i++) expect((await at(T0 + i * H, `only-${i}`)).reply.skills[0]?.name).toBe("pdf");
    const held = await at(T0 + 5 * H, "only-later");
    expect(held.reply).toMatchObject({ status: "ok", skills: [] });
    expect((await decisionDetail(ctxAt(db), { id: held.decisionId! })).outcome).toBe("suppressed");
    expect(held.warnings).toEqual([
      `'pdf' fits but is held back by rule 2 (suggested 5 times lately and loaded 0); it is offered again from ${new Date(T0 + 10 * H).toISOString()}`,
    ]);
  });

  it("a session's suggestions count once it sends feedback, earlier ones included", async () => {
    for (let i = 0; i < 5; i++) await pick(T0 + i * H, { sessionId: "quiet" });
    expect(await pick(T0 + 5 * H, { sessionId: "other" })).toContain("pdf");
    await feedback("quiet", "pdf-forms", T0 + 5 * H, "rejected");
    expect(await pick(T0 + 5 * H + 60_000, { sessionId: "other" })).not.toContain("pdf");
  });

  it("lifts once loads reach a tenth of suggestions", async () => {
    for (let i = 0; i < 5; i++) await pick(T0 + i * H, { sessionId: `s${i}`, feedback: true });
    await feedback("s4", "pdf", T0 + 4 * H + 60_000);
    expect(await pick(T0 + 5 * H, { sessionId: "next", feedback: true })).toContain("pdf");
  });
});

describe("rule 2's off switch", () => {
  const fiveShown = async (cfg: JevConfig) => {
    for (let i = 0; i < 6; i++) expect(await pick(T0 + i * H, { sessionId: `s${i}`, feedback: true }, cfg)).toContain("pdf");
  };

  it("the engine state file: skill_feedback off", async () => {
    fs.mkdirSync(path.join(config.hermesHome, "jev"), { recursive: true });
    fs.writeFileSync(path.join(config.hermesHome, "jev", "state.json"), JSON.stringify({ skill_feedback: "off", other: 1 }));
    await fiveShown(config);
  });

  it("the environment: JEV_SKILL_FEEDBACK=off, which the dashboard cannot override", async () => {
    const off = testConfig(tmp.dir, { JEV_SKILL_FEEDBACK: "off" });
    expect(skillFeedbackSetting(off)).toMatchObject({ on: false, source: "env" });
    await expect(switchRuleTwo({ config: off }, { on: true })).rejects.toThrow(/JEV_SKILL_FEEDBACK/);
    await fiveShown(off);
  });

  it("the dashboard's switch writes the shared state file atomically, keeping other keys", async () => {
    fs.mkdirSync(path.join(config.hermesHome, "jev"), { recursive: true });
    const file = path.join(config.hermesHome, "jev", "state.json");
    fs.writeFileSync(file, JSON.stringify({ skills: "on", routing: "off", future_key: [1, 2] }));
    expect(await switchRuleTwo({ config: config }, { on: false })).toMatchObject({ on: false, source: "state_file" });
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ skills: "on", routing: "off", future_key: [1, 2], skill_feedback: "off" });
    expect(fs.readdirSync(path.dirname(file))).toEqual(["state.json"]);
    await fiveShown(config);
    expect((await switchRuleTwo({ config: config }, { on: true })).on).toBe(true);
  });

  it("a state file that is not a JSON object is never overwritten", async () => {
    fs.mkdirSync(path.join(config.hermesHome, "jev"), { recursive: true });
    const file = path.join(config.hermesHome, "jev", "state.json");
    fs.writeFileSync(file, "[1, 2");
    await expect(switchRuleTwo({ config: config }, { on: false })).rejects.toThrow(/could not write/);
    expect(fs.readFileSync(file, "utf8")).toBe("[1, 2");
  });
});

describe("the live rules file (JEV_RULES, default $HERMES_HOME/jev/rules.json)", () => {
  it("changes only what it names: min_suggestions 2 suppresses from the 3rd showing", async () => {
    fs.mkdirSync(path.join(config.hermesHome, "jev"), { recursive: true });
    fs.writeFileSync(config.rulesFile, JSON.stringify({ suppression: { min_suggestions: 2 } }));
    expect(rulesFileSetting(config)).toMatchObject({ exists: true, rules: { suppression: { min_suggestions: 2, window_days: 14 } } });
    for (let i = 0; i < 2; i++) expect(await pick(T0 + i * H, { sessionId: `s${i}`, feedback: true })).toContain("pdf");
    expect(await pick(T0 + 2 * H, { sessionId: "third", feedback: true })).not.toContain("pdf");
  });

  it("a broken file is reported and the defaults apply; JEV_RULES points elsewhere", async () => {
    fs.mkdirSync(path.join(config.hermesHome, "jev"), { recursive: true });
    fs.writeFileSync(config.rulesFile, '{"suppression": {"min_suggestions": -1}}');
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(rulesFileSetting(config)).toMatchObject({
      rules: { suppression: { min_suggestions: 5 } },
      problem: expect.stringContaining("suppression.min_suggestions"),
    });
    warn.mockRestore();
    const elsewhere = path.join(tmp.dir, "my-rules.json");
    fs.writeFileSync(elsewhere, '{"dedup_loaded": false}');
    const custom = testConfig(tmp.dir, { JEV_RULES: elsewhere });
    expect(liveRules(custom).dedup_loaded).toBe(false);
    expect(liveRules(testConfig(tmp.dir, { JEV_RULES: elsewhere, JEV_SKILL_FEEDBACK: "off" })).suppression.enabled).toBe(false);
  });
});
