import http from "node:http";
import { expect, test } from "@playwright/test";
import { authHeaders, E2E } from "./support/env";

test.describe("HTTP API on next start", () => {
  test("health needs no token and counts the Hermes catalog", async ({ request }) => {
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, db: "sqlite" });
    expect(body.skills).toBeGreaterThan(800);
  });

  test("route-turn routes a turn to a tier (from its features with the local judge: nothing sent), and pick-skill adds a route block when asked", async ({
    request,
  }) => {
    const res = await request.post("/api/route-turn", { data: { turn: "fix the bug in parser.ts where the regex drops unicode" }, headers: authHeaders });
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", tier: "medium", source: "features", answers: { code: expect.any(Number) } });
    const bad = await request.post("/api/route-turn", { data: { turn: 7 }, headers: authHeaders });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.message).toContain("turn");
    expect((await request.post("/api/route-turn", { data: { turn: "x" } })).status()).toBe(401);
    const both = await request.post("/api/pick-skill", { data: { turn: "extract the tables from this pdf report", route: true }, headers: authHeaders });
    expect(await both.json()).toMatchObject({ status: "ok", route: { status: "ok", source: "features" } });
    const plain = await request.post("/api/pick-skill", { data: { turn: "extract the tables from this pdf report" }, headers: authHeaders });
    expect(await plain.json()).not.toHaveProperty("route");
  });

  test("pick-skill refuses a missing or wrong token", async ({ request }) => {
    const headerSets: Record<string, string>[] = [{}, { authorization: "Bearer nope" }];
    for (const headers of headerSets) {
      const res = await request.post("/api/pick-skill", { data: { turn: "make a pdf" }, headers });
      expect(res.status()).toBe(401);
      expect((await res.json()).error.code).toBe("unauthorized");
    }
  });

  test("bad input gets a 400 naming the field, an oversized body a 413", async ({ request }) => {
    const cases: [unknown, string][] = [
      [{}, "turn"],
      [{ turn: 42 }, "turn"],
      [{ turn: "x", roots: "not-a-list" }, "roots"],
      [{ turn: "x", loadable: [""] }, "loadable.0"],
      [[1, 2], "body"],
    ];
    for (const [data, field] of cases) {
      const res = await request.post("/api/pick-skill", { data: data as object, headers: authHeaders });
      expect(res.status(), JSON.stringify(data)).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message).toContain(field);
    }
    const notJson = await request.post("/api/pick-skill", { data: "{not json", headers: { ...authHeaders, "content-type": "application/json" } });
    expect(notJson.status()).toBe(400);
    const huge = await request.post("/api/pick-skill", { data: { turn: "x".repeat(1_100_000) }, headers: authHeaders });
    expect(huge.status()).toBe(413);
    expect(await chunkedPost(1_200_000)).toBe(413); // no Content-Length to check: the stream is cut at the limit
    const unknown = await request.get("/api/no-such-route", { headers: authHeaders });
    expect(unknown.status()).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
  });

  test("answers trivial and secret turns in the documented shapes, byte for byte", async ({ request }) => {
    const trivial = await request.post("/api/pick-skill", { data: { turn: "thanks, that worked" }, headers: authHeaders });
    expect(await trivial.text()).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skipped":"trivial"}');
    const secret = await request.post("/api/pick-skill", { data: { turn: "deploy with postgres://admin:hunter22@db:5432/app" }, headers: authHeaders });
    expect(await secret.text()).toBe('{"status":"fail_open","reason":"sensitive_turn","skills":[]}');
  });

  test("ranks the real catalog and returns loadable skills with their paths", async ({ request }) => {
    const res = await request.post("/api/pick-skill", {
      data: { turn: "review this pull request for security issues", session_id: "s1" },
      headers: authHeaders,
    });
    expect(res.status()).toBe(200);
    const text = await res.text();
    expect(text.startsWith('{"status":"ok","needs_skill":')).toBe(true);
    const reply = JSON.parse(text);
    expect(reply.skills.length).toBeGreaterThan(0);
    expect(reply.skills.length).toBeLessThanOrEqual(3);
    expect(reply.skills[0].path).toContain(E2E.hermesHome);
    expect(reply.skills[0].match).toBeGreaterThanOrEqual(0.5);
  });

  test("honours Hermes skills.disabled and the caller's loadable list", async ({ request }) => {
    const turn = "edit this Word document: tracked changes and comments in a .docx file";
    const res = await request.post("/api/pick-skill", { data: { turn }, headers: authHeaders });
    const names = (await res.json()).skills.map((s: { name: string }) => s.name);
    expect(names).not.toContain(E2E.disabledSkill);
    const bounded = await request.post("/api/pick-skill", { data: { turn, loadable: ["nothing-here"] }, headers: authHeaders });
    expect((await bounded.json()).skills).toEqual([]);
  });

  test("decision summary counts what was served, and validates its range", async ({ request }) => {
    expect((await request.get("/api/decisions/summary")).status()).toBe(401);
    const res = await request.get("/api/decisions/summary", { headers: authHeaders });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.byReason.sensitive_turn).toBeGreaterThanOrEqual(1);
    expect(body.byOutcome.trivial).toBeGreaterThanOrEqual(1);
    const bad = await request.get("/api/decisions/summary?from=yesterday", { headers: authHeaders });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.message).toContain("from");
  });

  test("decisions: a keyset-paginated list and one decision with its candidates, validated", async ({ request }) => {
    expect((await request.get("/api/decisions")).status()).toBe(401);
    const made = await request.post("/api/pick-skill", {
      data: { turn: "deploy my app to vercel", session_id: "api-list", agent: "codex" },
      headers: authHeaders,
    });
    expect((await made.json()).skills.length).toBeGreaterThan(0);
    const first = await (await request.get("/api/decisions?limit=1&session=api-list", { headers: authHeaders })).json();
    expect(first.decisions).toHaveLength(1);
    expect(first.decisions[0]).toMatchObject({ session: "api-list", agent: "codex", outcome: "suggested", suggested: { name: expect.any(String) } });
    const one = await (await request.get(`/api/decisions/${first.decisions[0].id}`, { headers: authHeaders })).json();
    expect(one.candidates[0]).toMatchObject({ verdict: "suggested", path: expect.stringContaining(E2E.hermesHome) });
    expect(one.timings).toMatchObject({ total_ms: expect.any(Number), stage_one_ms: expect.any(Number) });
    expect(JSON.stringify(one)).not.toContain("vercel deploy my app"); // no turn text, ever

    // Walk the whole log two at a time: every decision exactly once.
    const seen = new Set<number>();
    let cursor = "";
    for (let page = 0; page < 100; page++) {
      const body = await (await request.get(`/api/decisions?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { headers: authHeaders })).json();
      for (const d of body.decisions) seen.add(d.id);
      if (!body.next_cursor) break;
      cursor = body.next_cursor;
    }
    const total = (await (await request.get("/api/decisions/summary", { headers: authHeaders })).json()).total;
    expect(seen.size).toBe(total);

    for (const [query, field] of [
      ["?cursor=nonsense", "cursor"],
      ["?limit=0", "limit"],
      ["?outcome=liked", "outcome"],
      ["?from=1999-12-31", "from"],
    ]) {
      const bad = await request.get(`/api/decisions${query}`, { headers: authHeaders });
      expect(bad.status(), query).toBe(400);
      expect((await bad.json()).error.message).toContain(field);
    }
    expect((await request.get("/api/decisions/99999999", { headers: authHeaders })).status()).toBe(404);
    expect((await request.get("/api/decisions/abc", { headers: authHeaders })).status()).toBe(400);
  });

  test("pick-skill warns about roots it cannot read and agents it does not know", async ({ request }) => {
    const missing = `${E2E.home}/no-such-root`;
    const res = await request.post("/api/pick-skill", { data: { turn: "make a chart", roots: [missing], agent: "mystery" }, headers: authHeaders });
    const body = await res.json();
    expect(body.warnings).toEqual([expect.stringContaining("agent 'mystery'"), `root ${missing} does not exist`]);
  });

  test("feedback: validates, then a load stops the skill coming back in that session", async ({ request }) => {
    expect((await request.post("/api/feedback", { data: { session_id: "x", skill: "y", event: "loaded" } })).status()).toBe(401);
    const bad = await request.post("/api/feedback", { data: { session_id: "x", skill: "y", event: "liked" }, headers: authHeaders });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.message).toContain("event");
    const badTime = await request.post("/api/feedback", { data: { session_id: "x", skill: "y", event: "loaded", at: "tuesday" }, headers: authHeaders });
    expect((await badTime.json()).error.message).toContain("at");

    const turn = "create a playwright end-to-end browser test for the checkout page";
    const first = await (await request.post("/api/pick-skill", { data: { turn, session_id: "fb-1" }, headers: authHeaders })).json();
    const top = first.skills[0].name;
    const ok = await request.post("/api/feedback", { data: { session_id: "fb-1", skill: top, event: "loaded" }, headers: authHeaders });
    expect(await ok.json()).toEqual({ ok: true });
    const again = await (await request.post("/api/pick-skill", { data: { turn, session_id: "fb-1" }, headers: authHeaders })).json();
    expect(again.skills.map((s: { name: string }) => s.name)).not.toContain(top);
  });

  test("replay log export: the session's suggestion and load as JSON Lines, validated", async ({ request }) => {
    expect((await request.get("/api/replay/log")).status()).toBe(401);
    const turn = "fill in this PDF form and merge two PDF documents";
    const first = await (await request.post("/api/pick-skill", { data: { turn, session_id: "export-1" }, headers: authHeaders })).json();
    const skill = first.skills[0].name;
    await request.post("/api/feedback", { data: { session_id: "export-1", skill, event: "loaded" }, headers: authHeaders });
    const res = await request.get("/api/replay/log", { headers: authHeaders });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/x-ndjson");
    const events = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
      .filter((e) => e.session === "export-1");
    expect(events.map((e) => [e.kind, e.skill])).toEqual([
      ["suggest", skill],
      ["load", skill],
    ]);
    const bad = await request.get("/api/replay/log?from=1999-01-01", { headers: authHeaders });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.field).toBe("from");
  });
});

/** POST a JSON body of about `bytes` with Transfer-Encoding: chunked (no Content-Length); resolves the status. */
function chunkedPost(bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${E2E.baseURL}/api/pick-skill`, { method: "POST", headers: { ...authHeaders, "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.write('{"turn":"');
    for (let sent = 0; sent < bytes; sent += 64_000) req.write("y".repeat(64_000));
    req.end('"}');
  });
}
