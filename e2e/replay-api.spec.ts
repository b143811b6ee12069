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

  test("POST /api/replay?sweep= replays every point of the grid and marks the frontier", async ({ request }) => {
    const grid = { dedup_loaded: [true, false], min_suggestions: [1, 5] };
    const created = await request.post(`/api/replay?sweep=${encodeURIComponent(JSON.stringify(grid))}`, { data: LOG, headers: authHeaders });
    expect(created.status()).toBe(201);
    const run = await created.json();
    expect(run).toMatchObject({ status: "done", progress: 1, sweep_points: 4, sweep: { grid } });
    expect(run.sweep.points.filter((p: { frontier: boolean }) => p.frontier).length).toBeGreaterThan(0);
    const bad = await request.post(`/api/replay?sweep=${encodeURIComponent('{"window_days": [0]}')}`, { data: LOG, headers: authHeaders });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.field).toBe("sweep.window_days.0");
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

test("GET /api/suppression lists skills shown in the window with their state; ?rules= is a what-if", async ({ request }) => {
  expect((await request.get("/api/suppression")).status()).toBe(401);
  const turn = "convert this spreadsheet to a CSV file with pandas";
  for (let i = 0; i < 3; i++) await request.post("/api/pick-skill", { data: { turn, session_id: `supp-${i}`, feedback: true }, headers: authHeaders });
  const view = await (await request.get("/api/suppression", { headers: authHeaders })).json();
  expect(view.rules.suppression.min_suggestions).toBe(5);
  expect(view.skills.length).toBeGreaterThan(0);
  expect(view.skills[0]).toMatchObject({
    state: expect.stringMatching(/^(shown|suppressed|retrying)$/),
    suggestions: expect.any(Number),
    loads: expect.any(Number),
  });
  const whatIf = await (
    await request.get(`/api/suppression?rules=${encodeURIComponent('{"suppression": {"min_suggestions": 1, "max_load_ratio": 1}}')}`, { headers: authHeaders })
  ).json();
  // Shown once is enough, and any skill not loaded every time is rejected: none of those is shown as usual.
  for (const s of whatIf.skills as { state: string; loads: number; suggestions: number }[]) if (s.loads < s.suggestions) expect(s.state).not.toBe("shown");
  expect(whatIf.skills.some((s: { state: string }) => s.state !== "shown")).toBe(true);
  const bad = await request.get(`/api/suppression?rules=${encodeURIComponent("{nope")}`, { headers: authHeaders });
  expect(bad.status()).toBe(400);
});
