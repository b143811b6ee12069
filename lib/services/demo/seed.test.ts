import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { sqliteOf } from "../../../db/dialect";
import type { JevConfig } from "../../config";
import { ctxAt, freshDb, pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { servePickSkill } from "../decisions/pick";
import { matchReliability } from "../decisions/reliability";
import { decisionSummary } from "../decisions/summary";
import { suppressionView } from "../rules/suppression";
import { removeDemo, seedDemo } from "./seed";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let config: JevConfig;
const now = Date.parse("2026-11-30T12:00:00Z");
const range = { from: "2026-11-10", to: "2026-11-30" };

beforeEach(() => {
  tmp = tempDir("jev-demo-");
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
});
afterEach(() => tmp.cleanup());

describe("demo data", () => {
  it("seeds a fortnight through the real engine, with a realistic mix, and rule 2 at work", async () => {
    const { decisions, loads } = await seedDemo(ctxAt(db, config, now), { turnsPerDay: 40 });
    expect(loads).toBeGreaterThan(0);
    const summary = await decisionSummary(ctxAt(db, undefined, now), range);
    expect(summary.total).toBe(decisions);
    expect(summary.byOutcome.suggested).toBeGreaterThan(0);
    expect(summary.byOutcome.trivial).toBeGreaterThan(0);
    expect(summary.byReason.sensitive_turn).toBeGreaterThan(0);
    expect((await suppressionView(ctxAt(db, config, now))).skills.some((s) => s.state !== "shown")).toBe(true);
    expect((sqliteOf(db).$client.prepare("SELECT sum(count) AS n FROM suppression_days").get() as { n: number }).n).toBeGreaterThan(0); // rule 2's removals, counted
  });

  it("refuses a database with real rows unless forced; removal leaves the real rows and their counts exactly", async () => {
    const root = skillTree(`${tmp.dir}/real-skills`, { pdf: "Merge and split PDF files, extract text from PDF documents." });
    await servePickSkill(pickCtx({ db, config, clock: () => now - 3_600_000 }), {
      channel: "cli",
      turn: "merge these PDF files",
      roots: [root],
      sessionId: "real-1",
      feedback: true,
    });
    const before = await decisionSummary(ctxAt(db, undefined, now), range);
    const suppressionBefore = await suppressionView(ctxAt(db, config, now));
    const removalsBefore = sqliteOf(db).$client.prepare("SELECT * FROM suppression_days ORDER BY skill, day").all();
    await expect(seedDemo(ctxAt(db, config, now), { turnsPerDay: 10 })).rejects.toMatchObject({ code: "conflict" });
    await seedDemo(ctxAt(db, config, now), { turnsPerDay: 10, force: true });
    expect((await decisionSummary(ctxAt(db, undefined, now), range)).total).toBeGreaterThan(before.total);
    await removeDemo(ctxAt(db, config));
    expect(await decisionSummary(ctxAt(db, undefined, now), range)).toEqual(before);
    expect(await suppressionView(ctxAt(db, config, now))).toEqual(suppressionBefore);
    expect(sqliteOf(db).$client.prepare("SELECT * FROM suppression_days ORDER BY skill, day").all()).toEqual(removalsBefore);
  });

  it("runs after a try-it call that failed open (no skills yet): that is not real data to protect", async () => {
    const served = await servePickSkill(pickCtx({ db, config, clock: () => now - 60_000 }), {
      channel: "api",
      turn: "merge these two PDF files into one",
      roots: [`${tmp.dir}/nothing-here`],
      sessionId: "try-it",
    });
    expect(served.reply).toMatchObject({ status: "fail_open" });
    await expect(seedDemo(ctxAt(db, config, now), { turnsPerDay: 10 })).resolves.toMatchObject({ decisions: expect.any(Number) });
  });

  it("its loads follow its matches: suggestions at 0.9 or more are loaded most of the time, as the reliability chart should show", async () => {
    await seedDemo(ctxAt(db, config, now), { turnsPerDay: 40 });
    const table = await matchReliability(ctxAt(db, config, now), range);
    const top = table.rows.find((r) => r.from === 0.9);
    expect(top?.shown).toBeGreaterThan(20);
    expect(top?.share).toBeGreaterThan(0.7);
  });

  it("seeding again replaces the demo rows (same counts)", async () => {
    const first = await seedDemo(ctxAt(db, config, now), { turnsPerDay: 10 });
    const second = await seedDemo(ctxAt(db, config, now), { turnsPerDay: 10 });
    expect(second).toEqual(first);
    expect((await decisionSummary(ctxAt(db, undefined, now), range)).total).toBe(first.decisions);
  });
});
