import pg from "pg";
import { expect, it, vi } from "vitest";
import { DAY_MS } from "../../lib/base/time";
import { DEFAULT_RULES } from "../../lib/rules/config";
import { describeOnBothDatabases } from "../../lib/testing/db-dialects";
import { insertSuggestion, recordFeedback } from "./suggestions";
import { readForTurn, type TurnAsk, type TurnReads } from "./turn-reads";

const T = Date.parse("2026-11-20T10:00:00Z");

/** The windows of names that were shown (SQLite also answers the others, with empty windows). */
function shownOnly(reads: TurnReads[]) {
  return reads.map((r) => ({ ...r, windows: new Map([...r.windows].filter(([, w]) => w.suggestions > 0)) }));
}

describeOnBothDatabases("a turn's read", (t) => {
  async function seed() {
    await insertSuggestion(t.db, { decisionId: null, at: T, sessionId: "s1", skill: "pdf", reportsLoads: true });
    await insertSuggestion(t.db, { decisionId: null, at: T + 1_000, sessionId: "s2", skill: "xlsx", reportsLoads: true });
    await insertSuggestion(t.db, { decisionId: null, at: T + 2_000, sessionId: "s2", skill: "pdf", reportsLoads: true });
    await recordFeedback(t.db, { sessionId: "s1", skill: "pdf", event: "loaded", at: T + 60_000 }, 300_000);
    await recordFeedback(t.db, { sessionId: "s2", skill: "xlsx", event: "rejected", at: T + 60_000 }, 300_000);
  }

  const now = T + 3_600_000;
  const asks: TurnAsk[] = [
    { sessionId: "s1", names: ["pdf", "xlsx"], now, rules: DEFAULT_RULES },
    { sessionId: "s2", names: ["pdf"], now, rules: DEFAULT_RULES },
    { names: ["xlsx", "never-shown"], now, rules: DEFAULT_RULES },
    { sessionId: "s3", names: [], now, rules: DEFAULT_RULES },
    // A turn whose window has moved past every suggestion: its own edges, even read with the others.
    { sessionId: "s1", names: ["pdf"], now: T + 30 * DAY_MS, rules: DEFAULT_RULES },
  ];
  const expected = [
    {
      reports: { loaded: ["pdf"], reportsLoads: true },
      windows: new Map([
        ["pdf", { suggestions: 2, loads: 1, lastShown: T + 2_000 }],
        ["xlsx", { suggestions: 1, loads: 0, lastShown: T + 1_000 }],
      ]),
    },
    { reports: { loaded: [], reportsLoads: true }, windows: new Map([["pdf", { suggestions: 2, loads: 1, lastShown: T + 2_000 }]]) },
    { reports: null, windows: new Map([["xlsx", { suggestions: 1, loads: 0, lastShown: T + 1_000 }]]) },
    { reports: { loaded: [], reportsLoads: false }, windows: new Map() },
    { reports: { loaded: ["pdf"], reportsLoads: true }, windows: new Map() },
  ];

  it("turns asking at once each get their own session's reports and their own names' windows", async () => {
    await seed();
    const together = await Promise.all(asks.map((a) => readForTurn(t.db, a)));
    expect(shownOnly(together)).toEqual(expected);
    const alone = [];
    for (const a of asks) alone.push(await readForTurn(t.db, a));
    expect(shownOnly(alone)).toEqual(expected);
  });

  it("names with quotes, commas, braces, backslashes or the text NULL are read as themselves", async () => {
    const odd = ['a "quoted", {braced} name', "NULL", "back\\slash", "ünïcødé 技能"];
    for (const [k, skill] of odd.entries()) await insertSuggestion(t.db, { decisionId: null, at: T + k, sessionId: "s9", skill, reportsLoads: true });
    const reads = await Promise.all(odd.map((name) => readForTurn(t.db, { sessionId: "s9", names: [name, "never-shown"], now, rules: DEFAULT_RULES })));
    expect(shownOnly(reads).map((r) => [...r.windows.keys()])).toEqual(odd.map((name) => [name]));
  });

  it.runIf(t.dialect === "postgres")("on PostgreSQL, turns asking while a read is under way share the next statement", async () => {
    await seed();
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      const first = readForTurn(t.db, asks[0]);
      await new Promise((r) => setImmediate(r)); // the first read is on its way alone
      const rest = asks.slice(1).map((a) => readForTurn(t.db, a));
      expect(shownOnly(await Promise.all([first, ...rest]))).toEqual(expected);
      expect(spy.mock.calls.length).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it.runIf(t.dialect === "postgres")("on PostgreSQL under load, a lone ask waits a moment for as many asks as the last read had", async () => {
    await seed();
    await Promise.all(asks.map((a) => readForTurn(t.db, a))); // a busy read of five
    const spy = vi.spyOn(pg.Client.prototype, "query");
    try {
      const lone = readForTurn(t.db, asks[0]);
      // Asked just after the lone ask's read would have started, had it not waited.
      const rest = await new Promise<ReturnType<typeof readForTurn>[]>((r) => setImmediate(() => r(asks.slice(1).map((a) => readForTurn(t.db, a)))));
      expect(shownOnly(await Promise.all([lone, ...rest]))).toEqual(expected);
      expect(spy.mock.calls.length).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
