import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { shownHistorySince } from "../../../db/queries/suggestions";
import { shownWindows } from "../../../db/queries/suppression";
import { DAY_MS } from "../../base/time";
import type { JevConfig } from "../../config";
import { DEFAULT_RULES, RulesConfig } from "../../rules/config";
import { shownWindow } from "../../rules/suggestion-rules";
import { ctxAt, freshDb, pickCtx, skillTree, tempDir, testConfig } from "../../testing/factories";
import { servePickSkill } from "../decisions/pick";
import { recordAgentFeedback } from "../feedback/record";
import { suppressionView } from "./suppression";

const H = 3_600_000;
const T0 = Date.parse("2026-11-20T09:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let root: string;
let config: JevConfig;

beforeEach(() => {
  tmp = tempDir("jev-suppression-");
  root = skillTree(path.join(tmp.dir, "skills"), {
    pdf: "Extract text from PDF documents, merge and split PDF files.",
    xlsx: "Create, edit and analyze Excel spreadsheets with formulas and charts.",
  });
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
});
afterEach(() => tmp.cleanup());

const ask = (at: number, turn: string, sessionId: string, feedback = true) =>
  servePickSkill(pickCtx({ db, config, clock: () => at }), { channel: "api", turn, roots: [root], sessionId, feedback });

describe("suppression view", () => {
  it("shows what the live engine does: suppressed until the retry, then retrying, with its numbers", async () => {
    for (let i = 0; i < 5; i++) await ask(T0 + i * H, "merge these PDF documents", `p${i}`);
    await ask(T0, "build an Excel spreadsheet with formulas", "x0");
    await recordAgentFeedback(ctxAt(db, config), { sessionId: "x0", skill: "xlsx", event: "loaded", at: T0 + 60_000 });
    const lastShown = T0 + 4 * H;
    const view = await suppressionView(ctxAt(db, config, lastShown + H));
    expect(view.skills).toEqual([
      {
        skill: "pdf",
        state: "suppressed",
        suggestions: 5,
        loads: 0,
        load_ratio: 0,
        last_shown: new Date(lastShown).toISOString(),
        retry_at: new Date(lastShown + 6 * H).toISOString(),
      },
      { skill: "xlsx", state: "shown", suggestions: 1, loads: 1, load_ratio: 1, last_shown: new Date(T0).toISOString(), retry_at: null },
    ]);
    const live = await ask(lastShown + H, "merge these PDF documents", "check");
    expect(live.record.candidates.find((c) => c.name === "pdf")?.verdict).toBe("suppressed");
    expect((await suppressionView(ctxAt(db, config, lastShown + 7 * H))).skills[0]).toMatchObject({ skill: "pdf", state: "retrying" });
  });

  it("a what-if with other rules changes the view, not the live rules", async () => {
    for (let i = 0; i < 3; i++) await ask(T0 + i * H, "merge these PDF documents", `p${i}`);
    expect((await suppressionView(ctxAt(db, config, T0 + 3 * H))).skills[0].state).toBe("shown");
    const strict = RulesConfig.parse({ suppression: { min_suggestions: 3 } });
    expect((await suppressionView(ctxAt(db, config, T0 + 3 * H), { rules: strict })).skills[0].state).toBe("suppressed");
    expect((await suppressionView(ctxAt(db, config, T0 + 3 * H))).rules).toEqual(DEFAULT_RULES);
  });

  it("per-day aggregates give the same windows as the raw rows, at any moment (edge day included)", async () => {
    let at = T0;
    for (let i = 0; i < 60; i++) {
      at += (i % 7) * 5 * H + 17 * 60_000;
      const session = `s${i % 9}`;
      const skill = i % 3 ? "pdf" : "xlsx";
      await ask(at, skill === "pdf" ? "merge these PDF documents" : "build an Excel spreadsheet with formulas", session, i % 4 !== 0);
      if (i % 5 === 0) await recordAgentFeedback(ctxAt(db, config), { sessionId: session, skill, event: i % 10 ? "loaded" : "rejected", at: at + 2 * 60_000 });
    }
    // Windows of 2 to 14 days from just after the last row: the edge day falls at different hours.
    for (const [now, days] of [
      [at + H, 14],
      [at + H, 2],
      [at + 5 * H, 3.3],
      [at + 2 * DAY_MS + 13 * H, 7],
    ]) {
      const rules = RulesConfig.parse({ suppression: { window_days: days } });
      const windowStart = now - days * DAY_MS;
      const raw = await shownHistorySince(db, windowStart);
      const fromAggregates = await shownWindows(db, windowStart, now);
      for (const skill of ["pdf", "xlsx"]) {
        const expected = shownWindow(raw.get(skill) ?? [], now, rules);
        const got = fromAggregates.get(skill) ?? { suggestions: 0, loads: 0, lastShown: Number.NEGATIVE_INFINITY };
        expect(got, `${skill} at ${new Date(now).toISOString()}`).toEqual(expected);
      }
    }
  });
});
