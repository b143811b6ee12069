import { expect, test } from "@playwright/test";
import { authHeaders } from "./support/env";

const T0 = Date.parse("2026-11-02T10:00:00Z");
const line = (ms: number, session: string, kind: string, skill: string) => JSON.stringify({ ts: new Date(T0 + ms).toISOString(), session, kind, skill });
const LOG = [line(0, "s1", "suggest", "pdf"), line(60_000, "s1", "load", "pdf"), line(300_000, "s1", "suggest", "pdf"), "bad line"].join("\n");

test.describe("replay API", () => {
  test("POST /api/replay replays an upload under ?rules=, stores it; GET lists and returns runs", async ({ request }) => {
    expect((await request.post("/api/replay", { data: LOG })).status()).toBe(401);
    const created = await request.post(`/api/replay?rules=${encodeURIComponent('{"attribution_minutes": 10}')}`, {
      data: LOG,
      headers: { ...authHeaders, "content-type": "application/x-ndjson" },
    });
    expect(created.status()).toBe(201);
    const run = await created.json();
    expect(run.rules).toMatchObject({ attribution_minutes: 10, dedup_loaded: true });
    expect(run.report).toMatchObject({
      recorded: { suggestions: 2, loaded: 1 },
      replayed: { suggestions: 1, loaded: 1 },
      removed: { duplicates: 1, rejected: 0, loads_lost: 0 },
      bad_lines: { count: 1, first: [{ line: 4, problem: "not JSON" }] },
    });
    const list = await (await request.get("/api/replay", { headers: authHeaders })).json();
    expect(list.runs[0]).toMatchObject({ id: run.id, log: { events: 3, bad_lines: 1 } });
    expect(list.runs[0].report).toBeUndefined();
    const one = await (await request.get(`/api/replay/${run.id}`, { headers: authHeaders })).json();
    expect(one.report.removed).toEqual(run.report.removed);
    expect((await request.get("/api/replay/999999", { headers: authHeaders })).status()).toBe(404);
  });

  test("bad rules, strict bad lines and a body over JEV_REPLAY_MAX_MB are refused in the envelope", async ({ request }) => {
    const badRules = await request.post(`/api/replay?rules=${encodeURIComponent('{"suppression": {"retry_hours": -1}}')}`, { data: LOG, headers: authHeaders });
    expect(badRules.status()).toBe(400);
    expect((await badRules.json()).error.field).toBe("rules.suppression.retry_hours");
    const strict = await request.post("/api/replay?strict=1", { data: LOG, headers: authHeaders });
    expect(strict.status()).toBe(400);
    expect((await strict.json()).error.message).toContain("line 4");
    const big = await request.post("/api/replay", { data: `${line(0, "s", "suggest", "pdf")}\n`.repeat(20_000), headers: authHeaders });
    expect(big.status()).toBe(413);
    expect((await big.json()).error.code).toBe("payload_too_large");
  });
});
