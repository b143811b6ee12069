import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { utcDay } from "../../lib/base/time";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { DECISION_OUTCOMES } from "../../lib/vocab/reason-codes";
import type { Db } from "../client";
import { inTransaction } from "../dialect";
import { type DecisionWrite, writeDecisionGroup, writeDecisions } from "./decision-batch";
import { candidatesOf, forgetSkillRefs } from "./decision-candidates";
import { skillHoursIn } from "./decision-filters";
import { getDecisionRow } from "./decision-list";
import { summarizeDecisions } from "./decisions";
import { summarizeJudgeWork } from "./judge-work";
import { engineCountsSince } from "./skill-activity";
import { shownWindows } from "./suppression";

const T = Date.parse("2026-11-20T22:00:00Z");

/** 60 decisions over five hours across midnight: some suggested (to clients that report loads or not), some with suppressed candidates. */
function writes(): DecisionWrite[] {
  return Array.from({ length: 60 }, (_, i) => {
    const at = T + i * 5 * 60_000;
    const outcome = DECISION_OUTCOMES[i % DECISION_OUTCOMES.length];
    const skill = `skill-${i % 4}`;
    return {
      row: {
        at,
        day: utcDay(at),
        status: outcome === "fail_open" ? "fail_open" : "ok",
        outcome,
        reasonCode: outcome === "fail_open" ? "timeout" : null,
        latencyMs: (i * 37) % 700,
        stageOneMs: i % 3 ? 40 + i : null,
        stageTwoMs: i % 6 ? 20 : null,
        requests: i % 3 ? 2 : 0,
        catalogSize: 4,
        skillsReturned: 1,
        judge: "local",
        channel: "api",
        sessionId: `s${i % 7}`,
        reportsLoads: i % 2 === 0,
        suggestedSkill: outcome === "suggested" ? skill : null,
      },
      candidates: [
        { name: skill, path: `/skills/${skill}`, score: 0.9, match: 0.8, verdict: i % 5 === 0 ? "suppressed" : "suggested", detail: null },
        { name: "other", path: "/skills/other", score: 0.2, match: null, verdict: "not_finalist", detail: null },
      ],
      suggestion: outcome === "suggested" ? { skill, reportsLoads: i % 2 === 0 } : null,
    };
  });
}

/** Every row, candidate, suggestion and aggregate of `input` reads back as written (ids in the order given). */
async function expectWritten(db: Db, input: DecisionWrite[], ids: number[]) {
  expect(ids).toHaveLength(input.length);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  for (const i of [0, 17, input.length - 1])
    expect(await getDecisionRow(db, ids[i])).toMatchObject({ sessionId: input[i].row.sessionId, latencyMs: input[i].row.latencyMs });
  const candidates = await candidatesOf(db, ids);
  expect(ids.map((id) => candidates.get(id)?.map((c) => [c.rank, c.name, c.verdict]) ?? [])).toEqual(
    input.map((w) => w.candidates.map((c, rank) => [rank, c.name, c.verdict])),
  );

  const range = { from: T, to: T + 6 * 3_600_000 };
  const summary = await summarizeDecisions(db, range);
  expect(summary.total).toBe(input.length);
  for (const o of DECISION_OUTCOMES) expect(summary.byOutcome[o] ?? 0, o).toBe(input.filter((w) => w.row.outcome === o).length);
  expect((await summarizeJudgeWork(db, range)).turns).toBe(input.filter((w) => w.row.stageOneMs !== null).length);

  const windows = await shownWindows(db, T - 86_400_000, T + 86_400_000);
  for (const skill of ["skill-0", "skill-1", "skill-2", "skill-3"]) {
    const shown = input.filter((w) => w.suggestion?.skill === skill && w.suggestion.reportsLoads);
    expect(windows.get(skill)?.suggestions ?? 0, skill).toBe(shown.length);
  }
  const engine = await engineCountsSince(db, 0);
  for (const skill of ["skill-0", "skill-1", "skill-2", "skill-3"]) {
    const suppressed = input.filter((w) => w.candidates[0]?.name === skill && w.candidates[0].verdict === "suppressed").length;
    expect(engine.get(skill)?.suppressed ?? 0, skill).toBe(suppressed);
  }
}

describeOnBothDatabases("writing a group of decisions at once", (t) => {
  it("writes every row, candidate, suggestion and aggregate as row-by-row writing counts them", async () => {
    const input = writes();
    await expectWritten(t.db, input, await inTransaction(t.db, (tx) => writeDecisions(tx, input)));
  });

  it("small groups, each with only some of the parts (no candidates, no suggestion, nothing suppressed, nothing judged), write the same", async () => {
    const input = writes();
    // Every fourth decision ranked nothing (a trivial turn): a group of them has no candidate rows at all.
    for (const [i, w] of input.entries()) if (i % 4 === 3) w.candidates = [];
    const ids: number[] = [];
    for (let start = 0, size = 1; start < input.length; start += size, size = (size % 3) + 1)
      ids.push(...(await writeDecisionGroup(t.db, input.slice(start, start + size))));
    await expectWritten(t.db, input, ids);
  });

  it("notes each candidate's skill in every hour it ranked, also after a rolled-back write forgot what was noted", async () => {
    const input = writes();
    // 36..41 fall in one hour, in which the retry goes on.
    await inTransaction(t.db, (tx) => writeDecisions(tx, input.slice(0, 36)));
    const failed = inTransaction(t.db, async (tx) => {
      await writeDecisions(tx, input.slice(36, 42));
      throw new Error("the group failed");
    });
    await expect(failed).rejects.toThrow("the group failed");
    forgetSkillRefs(t.db); // what the decision log does after a failed group
    await inTransaction(t.db, (tx) => writeDecisions(tx, input.slice(36)));
    const hoursOf = async (name: string) => {
      const [ref] = await t.db.select().from(t.db.jev.t.skillRefs).where(eq(t.db.jev.t.skillRefs.name, name));
      return skillHoursIn(t.db, [ref.id], T, T + 6 * 3_600_000);
    };
    const expected = (name: string) =>
      [...new Set(input.filter((w) => w.candidates.some((c) => c.name === name)).map((w) => w.row.at - (w.row.at % 3_600_000)))].sort((a, b) => b - a);
    for (const name of ["skill-0", "skill-3", "other"]) expect(await hoursOf(name), name).toEqual(expected(name));
  });

  it("groups written one after another in the same hour note every skill's hour, a skill new to the hour too", async () => {
    const input = writes().slice(0, 6); // one hour
    const hour = T - (T % 3_600_000);
    await writeDecisionGroup(t.db, input.slice(0, 3));
    const newcomer = input.slice(3).map((w) => ({
      ...w,
      candidates: [...w.candidates, { name: "newcomer", path: "/skills/newcomer", score: 0.1, match: null, verdict: "not_finalist" as const, detail: null }],
    }));
    await writeDecisionGroup(t.db, newcomer);
    for (const name of ["skill-0", "skill-3", "other", "newcomer"]) {
      const [ref] = await t.db.select().from(t.db.jev.t.skillRefs).where(eq(t.db.jev.t.skillRefs.name, name));
      expect(await skillHoursIn(t.db, [ref.id], T, T + 3_600_000), name).toEqual([hour]);
    }
  });

  it("a second group adds to the same aggregate rows", async () => {
    await inTransaction(t.db, (tx) => writeDecisions(tx, writes()));
    await inTransaction(t.db, (tx) => writeDecisions(tx, writes()));
    expect((await summarizeDecisions(t.db, { from: T, to: T + 6 * 3_600_000 })).total).toBe(120);
  });

  it("names, paths, sessions and details with quotes, commas, braces, NULL and newlines come back exactly", async () => {
    const awkward = ['a "quoted", {braced} name', "NULL", "back\\slash", "line\nbreak", "ünïcødé 技能", "", " padded "];
    const input = writes().slice(0, awkward.length);
    input.forEach((w, i) => {
      w.row.sessionId = awkward[i];
      w.candidates[0] = { ...w.candidates[0], name: awkward[i] || "x", path: `/skills/${awkward[i]}`, detail: awkward[i] };
    });
    const ids = await inTransaction(t.db, (tx) => writeDecisions(tx, input));
    const candidates = await candidatesOf(t.db, ids);
    for (const [i, id] of ids.entries()) {
      expect((await getDecisionRow(t.db, id))?.sessionId).toBe(awkward[i]);
      expect(candidates.get(id)?.[0]).toMatchObject({ name: awkward[i] || "x", path: `/skills/${awkward[i]}`, detail: awkward[i] });
    }
  });
});
