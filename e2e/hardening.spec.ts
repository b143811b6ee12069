import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readUsage } from "../lib/hermes/usage-file";
import { fifoTrap } from "../lib/testing/fifo-trap";
import { HOSTILE_NAMES } from "../lib/testing/hostile-names";
import { head, rawRequest } from "../lib/testing/raw-http";
import { dashboardActions, serverActionHead, serverActionId, serverActionResult } from "../lib/testing/server-actions";
import { authHeaders, E2E } from "./support/env";

/**
 * Regression tests for the hardening issue's findings, each against the real
 * server: a name that poisoned the process, a foreign Host that read every
 * page, dashboard changes made without the token or from another site, a FIFO
 * that hung the curator's walk, an unknown skill's page answered 200, and a
 * 50 MB dashboard body answered 500.
 */
const port = Number(E2E.port);

test("names special to a JavaScript object are plain names on every route, action and page that takes one", async ({ request }) => {
  test.setTimeout(120_000);
  const switchId = serverActionId("setAgentSwitchAction");
  for (const name of HOSTILE_NAMES) {
    const segment = encodeURIComponent(name);
    const bump = await request.post(`/api/skills/${segment}/usage`, { data: { kind: "view" }, headers: authHeaders });
    expect(bump.status(), name).toBe(200);
    expect((await bump.json()).view_count, name).toBeGreaterThanOrEqual(1);
    expect((await request.post("/api/curator/pin", { data: { name }, headers: authHeaders })).status(), name).toBe(404);
    expect((await request.post("/api/feedback", { data: { session_id: name, skill: name, event: "loaded" }, headers: authHeaders })).status(), name).toBe(200);
    const pick = await request.post("/api/pick-skill", {
      data: { turn: "merge these pdf files", session_id: name, loaded: [name], loadable: [name, "pdf"], agent: name, feedback: true },
      headers: authHeaders,
    });
    expect(pick.status(), name).toBe(200);
    for (const target of [`/api/decisions?skill=${segment}&session=${segment}`, `/api/skills?q=${segment}`, `/api/decisions/summary?reason=${segment}`])
      expect((await request.get(target, { headers: authHeaders })).status(), target).toBeLessThan(500);
    expect((await request.get(`/skills/${segment}`)).status(), name).toBe(404);
    expect((await request.get(`/sessions/${segment}`)).status(), name).toBe(200);
    const body = JSON.stringify([{ agent: name, name: "skills", on: true, token: E2E.token }]);
    const action = await rawRequest(port, serverActionHead(switchId, "/", body, port), body);
    expect(serverActionResult(action.body), name).toMatchObject({ ok: true });
  }
  // Nothing was poisoned: ordinary traffic and every page still answer.
  expect((await request.post("/api/skills/pdf/usage", { data: { kind: "use" }, headers: authHeaders })).status()).toBe(200);
  // Only a name that could be a skill folder's goes into .usage.json (second hardening round).
  for (const bad of ["../../etc", "\u0000x", ".archive", "x".repeat(200)]) {
    const res = await request.post(`/api/skills/${encodeURIComponent(bad)}/usage`, { data: { kind: "view" }, headers: authHeaders });
    expect(res.status(), JSON.stringify(bad)).toBe(400);
  }
  expect((await request.get("/api/decisions?limit=5", { headers: authHeaders })).status()).toBe(200);
  for (const page of ["/", "/decisions", "/skills", "/curator", "/suppression", "/replay"]) expect((await request.get(page)).status(), page).toBe(200);
  const onDisk = JSON.parse(fs.readFileSync(path.join(E2E.hermesHome, "skills", ".usage.json"), "utf8"));
  for (const name of HOSTILE_NAMES) expect(Object.getOwnPropertyDescriptor(onDisk, name)?.value?.view_count, name).toBeGreaterThanOrEqual(1);
});

test("only the host names the server was started for are answered (DNS rebinding): others get 421", async () => {
  for (const host of ["evil.example", `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
    const api = await rawRequest(port, head("GET", "/api/health", { host }));
    expect(api.status, host).toBe(421);
    expect(JSON.parse(api.body).error.code).toBe("misdirected_request");
    const page = await rawRequest(port, head("GET", "/decisions", { host }));
    expect(page.status).toBe(421);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).not.toContain("decisions");
  }
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `app.localhost:${port}`])
    expect((await rawRequest(port, head("GET", "/api/health", { host }))).status, host).toBe(200);
});

test("dashboard changes need the token and the dashboard's own origin; nothing is written otherwise", async () => {
  const stateFile = path.join(E2E.hermesHome, "jev", "state.json");
  const before = fs.readFileSync(stateFile, "utf8");
  const ruleTwo = serverActionId("setRuleTwo");
  const send = (args: unknown, extra: Record<string, string> = {}) => {
    const body = JSON.stringify([args]);
    return rawRequest(port, serverActionHead(ruleTwo, "/suppression", body, port, extra), body); // the page whose switch sends it
  };
  for (const args of [{ on: false }, { on: false, token: "wrong-token" }, { on: false, token: "" }, { on: false, token: "x".repeat(10_000) }]) {
    const reply = await send(args);
    expect(reply.status).toBe(200);
    expect(serverActionResult(reply.body)).toMatchObject({ ok: false, code: "unauthorized" });
  }
  for (const origin of ["http://evil.example", `http://127.0.0.1:${port + 1}`, "null"]) {
    const reply = await send({ on: false, token: E2E.token }, { origin });
    expect(reply.status, origin).toBe(403);
    expect(JSON.parse(reply.body).error.code).toBe("forbidden");
  }
  expect((await send({ on: false, token: E2E.token }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
  expect(fs.readFileSync(stateFile, "utf8")).toBe(before);

  // Every other action refuses without the token too: the demo is not loaded, no upload is begun.
  const uploads = path.join(os.tmpdir(), `jev-replay-uploads-${os.userInfo().uid}`);
  const uploadsBefore = fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0;
  for (const [name, page, args] of [
    ["loadDemo", "/", {}],
    ["unloadDemo", "/", {}],
    ["setAgentSwitchAction", "/", { agent: "hermes", name: "skills", on: false }],
    ["beginReplayUpload", "/replay", { size: 10 }],
    ["startReplay", "/replay", { source: "demo" }],
  ] as const) {
    const body = JSON.stringify([args]);
    const reply = await rawRequest(port, serverActionHead(serverActionId(name), page, body, port), body);
    expect(serverActionResult(reply.body), name).toMatchObject({ ok: false, code: "unauthorized" });
  }
  expect(fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0).toBe(uploadsBefore);
});

test("a dashboard change of unknown size or over 2 MiB is refused before it is read (411, 413), never a 500", async () => {
  const id = serverActionId("setRuleTwo");
  const big = Buffer.alloc(50_000_000, "a");
  const over = await rawRequest(port, serverActionHead(id, "/", big.toString("latin1"), port), big);
  expect(over.status).toBe(413);
  // Capped before Next.js parses it, token or not: 3 MB (under the old 5 MiB line) is refused too.
  const three = Buffer.alloc(3_000_000, "a");
  expect((await rawRequest(port, serverActionHead(id, "/", three.toString("latin1"), port), three)).status).toBe(413);
  const chunked = serverActionHead(id, "/", "", port, { "transfer-encoding": "chunked" }).replace(/content-length: \d+\r\n/, "");
  expect((await rawRequest(port, chunked, "5\r\n[{}]\n\r\n0\r\n\r\n")).status).toBe(411);
});

test("a server action's body Next.js cannot decode (a broken RSC reply, a multipart body without its boundary or end) is a 400 in the envelope, never a 500", async () => {
  const bodies: [string, Record<string, string>][] = [
    ['{"a":"$Q1","b":"$K2"}', {}],
    ['["$@1"]', {}],
    ['--xyz\r\ncontent-disposition: form-data; name="1_$ACTION_ID_x"\r\n\r\nhello\r\n--xyz--\r\n', { "content-type": "multipart/form-data; boundary=xyz" }],
    ["garbage without its boundary", { "content-type": "multipart/form-data; boundary=abc" }],
    ["garbage", { "content-type": "multipart/form-data" }],
  ];
  for (const action of dashboardActions()) {
    for (const [body, extra] of bodies) {
      const reply = await rawRequest(port, serverActionHead(action.id, action.page, body, port, extra), body);
      expect(reply.status, `${action.page} ${body.slice(0, 20)}`).toBeLessThan(500);
      if (reply.status === 400) expect(JSON.parse(reply.body)).toMatchObject({ error: { code: "bad_request" } });
    }
  }
});

test("a FIFO behind a SKILL.md symlink in the Hermes home blocks nothing: the Skills page, the curator, health and pick-skill answer", async ({ request }) => {
  const skills = path.join(E2E.hermesHome, "skills");
  const pipe = path.join(E2E.dir, "pipe-target");
  const trap = fifoTrap(pipe, 8_000);
  fs.mkdirSync(path.join(skills, "zz-piped"), { recursive: true });
  fs.symlinkSync(pipe, path.join(skills, "zz-piped", "SKILL.md"));
  try {
    const started = Date.now();
    expect((await request.get("/skills", { timeout: 6_000 })).status()).toBe(200);
    expect((await request.get("/curator", { timeout: 6_000 })).status()).toBe(200);
    expect((await request.get("/api/health", { timeout: 6_000 })).status()).toBe(200);
    expect((await request.post("/api/pick-skill", { data: { turn: "merge these pdf files" }, headers: authHeaders, timeout: 6_000 })).status()).toBe(200);
    expect(Date.now() - started).toBeLessThan(6_000);
    const skillsJson = await (await request.get("/api/skills", { headers: authHeaders })).json();
    expect(skillsJson.skills.map((s: { name: string }) => s.name)).not.toContain("zz-piped");
    expect(skillsJson.skipped).toContainEqual({ path: path.join(skills, "zz-piped", "SKILL.md"), problem: "links to something that is not a regular file" });
    expect(await (await request.get("/skills")).text()).toContain("zz-piped/SKILL.md");
  } finally {
    trap.dispose();
    // A FIFO left in the checkout makes the next `next build` panic while tracing files.
    fs.rmSync(path.join(skills, "zz-piped"), { recursive: true, force: true });
    fs.rmSync(pipe, { force: true });
  }
  expect(readUsage(E2E.hermesHome).corrupt).toBe(false);
});
