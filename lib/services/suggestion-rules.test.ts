import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../db/client";
import { suggestions } from "../../db/schema";
import { clearDiscoveryCache } from "../catalog/discover";
import { pickSkillService } from "./pick-skill";
import { recordFeedbackService } from "./record-feedback";

const H = 3_600_000;
const T0 = Date.parse("2026-11-20T09:00:00Z");
const TURN = "merge these PDF documents and extract the text";
let tmp: string;
let db: Db;
let root: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jev-rules-"));
  root = path.join(tmp, "skills");
  for (const [name, description] of [
    ["pdf", "Extract text from PDF documents, merge and split PDF files."],
    ["pdf-forms", "Fill PDF forms and extract PDF form fields from documents."],
  ]) {
    fs.mkdirSync(path.join(root, name), { recursive: true });
    fs.writeFileSync(path.join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n`);
  }
  db = openDb(path.join(tmp, "jev.db"));
  env = { ...process.env, HERMES_HOME: path.join(tmp, "hermes"), HOME: tmp };
  clearDiscoveryCache();
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const pick = async (at: number, sessionId?: string, loaded?: string[]) =>
  (await pickSkillService({ turn: TURN, roots: [root], sessionId, loaded }, { channel: "api", db, env, clock: () => at })).reply.skills.map((s) => s.name);

describe("suggestion rules, live (selection spec §7)", () => {
  it("rule 1: a skill loaded in this session is not suggested again in it", async () => {
    expect((await pick(T0, "s1"))[0]).toBe("pdf");
    recordFeedbackService(db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T0 + 60_000 }, env);
    expect(await pick(T0 + 120_000, "s1")).not.toContain("pdf");
    expect((await pick(T0 + 120_000, "s2"))[0]).toBe("pdf");
    expect(await pick(T0 + 120_000, "s3", ["pdf"])).not.toContain("pdf");
  });

  it("a load within 5 minutes is attributed to its suggestion; a later one is not", async () => {
    await pick(T0, "a");
    await pick(T0, "b");
    expect(recordFeedbackService(db, { sessionId: "a", skill: "pdf", event: "loaded", at: T0 + 4 * 60_000 }, env).attributed).toBe(true);
    expect(recordFeedbackService(db, { sessionId: "b", skill: "pdf", event: "loaded", at: T0 + 6 * 60_000 }, env).attributed).toBe(false);
    const rows = db.select().from(suggestions).all().filter((r) => r.skill === "pdf");
    expect(rows.map((r) => [r.sessionId, r.loadedAt !== null])).toEqual([["a", true], ["b", false]]);
  });

  it("rule 2: suggested 5 times and never loaded → suppressed, retried 6 hours after last shown", async () => {
    for (let i = 0; i < 5; i++) expect(await pick(T0 + i * H, `s${i}`)).toContain("pdf");
    const lastShown = T0 + 4 * H;
    expect(await pick(lastShown + H, "later")).not.toContain("pdf");
    expect(await pick(lastShown + 6 * H, "retry")).toContain("pdf"); // the retry is shown…
    expect(await pick(lastShown + 6 * H + 60_000, "after-retry")).not.toContain("pdf"); // …and suppression resumes
  });

  it("rule 2 lifts once loads reach a tenth of suggestions", async () => {
    for (let i = 0; i < 5; i++) await pick(T0 + i * H, `s${i}`);
    recordFeedbackService(db, { sessionId: "s4", skill: "pdf", event: "loaded", at: T0 + 4 * H + 60_000 }, env);
    expect(await pick(T0 + 5 * H, "next")).toContain("pdf");
  });

  it("rule 2 is off when the engine state says skill_feedback: off", async () => {
    fs.mkdirSync(path.join(tmp, "hermes", "jev"), { recursive: true });
    fs.writeFileSync(path.join(tmp, "hermes", "jev", "state.json"), JSON.stringify({ skill_feedback: "off", other: 1 }));
    for (let i = 0; i < 6; i++) expect(await pick(T0 + i * H, `s${i}`)).toContain("pdf");
  });
});
