import http from "node:http";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { feedbackReply } from "../app/api/feedback/reply";
import { pickSkillReply } from "../app/api/pick-skill/reply";
import { POST as postPickSkill } from "../app/api/pick-skill/route";
import { usageReply } from "../app/api/skills/[name]/usage/reply";
import { readUsage } from "../lib/hermes/usage-file";
import { tempDir } from "../lib/testing/factories";
import { buildHermesHome } from "../lib/testing/hermes-home";
import { matchDirectRoute, serveDirect } from "./direct-routes";

describe("matchDirectRoute", () => {
  it("takes the agents' per-turn POSTs, with their decoded params, and leaves everything else to Next.js", () => {
    expect(matchDirectRoute("POST", "/api/feedback")?.route.handlers.POST).toBe(feedbackReply);
    expect(matchDirectRoute("POST", "/api/pick-skill?x=1")?.route.handlers.POST).toBe(pickSkillReply);
    const usage = matchDirectRoute("POST", "/api/skills/pdf%20tools/usage?x=1");
    expect(usage?.route.handlers.POST).toBe(usageReply);
    expect({ ...usage?.params }).toEqual({ name: "pdf tools" });
    expect({ ...matchDirectRoute("POST", "/api/skills/a%2Fb/usage")?.params }).toEqual({ name: "a/b" });
    for (const [method, url] of [
      ["GET", "/api/feedback"],
      ["HEAD", "/api/skills/pdf/usage"],
      ["GET", "/api/pick-skill"],
      ["POST", "/api/pick-skill/x"],
      ["POST", "/api/skills//usage"],
      ["POST", "/api/skills/pdf/usage/more"],
      ["POST", "/api/skills/%E0%A4%A/usage"],
      ["POST", "/api/skills"],
      ["POST", "*"],
    ])
      expect(matchDirectRoute(method, url), `${method} ${url}`).toBeNull();
  });
});

describe("serving a direct route on loopback", () => {
  const tmp = tempDir("jev-direct-");
  const home = path.join(tmp.dir, "hermes");
  let server: http.Server;
  let base: string;
  /** Routes still running (a body that never ends must not leave one waiting forever). */
  let running = 0;
  beforeAll(async () => {
    buildHermesHome(home, { skills: { pdf: null } });
    vi.stubEnv("JEV_DB", path.join(tmp.dir, "jev.db"));
    vi.stubEnv("JEV_API_TOKEN", "direct-token");
    vi.stubEnv("HERMES_HOME", home);
    server = http.createServer((req, res) => {
      const match = matchDirectRoute(req.method ?? "", req.url ?? "");
      if (!match) return void res.writeHead(404).end();
      running++;
      void serveDirect(req, match, res).finally(() => running--);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    vi.unstubAllEnvs();
    tmp.cleanup();
  });
  const post = (p: string, body: string, token = "direct-token") =>
    fetch(`${base}${p}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body });

  it("answers as the route does: the record after a bump, the envelope on a refusal", async () => {
    const ok = await post("/api/skills/pdf/usage", '{"kind":"use"}');
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("application/json");
    expect(await ok.json()).toMatchObject({ use_count: 1, state: "active" });
    expect(readUsage(home).map.pdf.use_count).toBe(1);

    const unauthorized = await post("/api/skills/pdf/usage", '{"kind":"use"}', "wrong");
    expect([unauthorized.status, (await unauthorized.json()).error.code]).toEqual([401, "unauthorized"]);
    const bad = await post("/api/skills/pdf/usage", '{"kind":"read"}');
    expect([bad.status, (await bad.json()).error.field]).toEqual([400, "kind"]);
    const notJson = await post("/api/feedback", "{");
    expect([notJson.status, (await notJson.json()).error.code]).toEqual([400, "bad_request"]);
    expect(readUsage(home).map.pdf.use_count).toBe(1); // refusals change nothing

    const feedback = await post("/api/feedback", JSON.stringify({ session_id: "s1", skill: "pdf", event: "loaded" }));
    expect([feedback.status, await feedback.json()]).toEqual([200, { ok: true }]);
  });

  it("answers pick-skill with the route's exact reply bytes, and its envelope on a bad body", async () => {
    const picked = await post("/api/pick-skill", JSON.stringify({ turn: "thanks!" }));
    expect([picked.status, picked.headers.get("content-type")]).toEqual([200, "application/json"]);
    expect(await picked.text()).toBe('{"status":"ok","needs_skill":0.0,"skills":[],"latency_ms":0,"skipped":"trivial"}');
    const noTurn = await post("/api/pick-skill", "{}");
    expect([noTurn.status, (await noTurn.json()).error.field]).toEqual([400, "turn"]);
  });

  it("gives the same bytes as the route module Next.js serves, for a pick and for a refusal", async () => {
    for (const [body, token] of [
      [JSON.stringify({ turn: "thanks!" }), "direct-token"],
      [JSON.stringify({ turn: "thanks!" }), "wrong"],
      ['{"turn": 3}', "direct-token"],
    ]) {
      const direct = await post("/api/pick-skill", body, token);
      const viaNext = await postPickSkill(
        new Request("http://localhost/api/pick-skill", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body,
        }),
      );
      expect([direct.status, direct.headers.get("content-type"), await direct.text()]).toEqual([
        viaNext.status,
        viaNext.headers.get("content-type"),
        await viaNext.text(),
      ]);
    }
  });

  it("reads a repeated header as web Headers do (joined), so two tokens are not the right one", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/pick-skill`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      // Node's client would fold a repeated header itself: set it twice through the raw list.
      req.setHeader("authorization", ["Bearer direct-token", "Bearer direct-token"]);
      req.end(JSON.stringify({ turn: "thanks!" }));
    });
    expect(status).toBe(401);
  });

  it("refuses a body over the limit with 413, whether its length is declared or not", async () => {
    const big = JSON.stringify({ turn: "x".repeat(1_100_000) });
    const declared = await post("/api/pick-skill", big);
    expect([declared.status, (await declared.json()).error.code]).toEqual([413, "payload_too_large"]);
    const chunked = await fetch(`${base}/api/pick-skill`, {
      method: "POST",
      headers: { authorization: "Bearer direct-token", "content-type": "application/json" },
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect([chunked.status, (await chunked.json()).error.code]).toEqual([413, "payload_too_large"]);
  });

  /** A raw request: the head, then `body` chunks written until the server closes the socket or `stopAfter` bytes went; resolves with the bytes sent. */
  const rawPost = (head: string, chunk: Buffer, stopAfter: number) =>
    new Promise<number>((resolve) => {
      const { port } = server.address() as AddressInfo;
      const socket = net.connect(port, "127.0.0.1");
      let sent = 0;
      const done = () => resolve(sent);
      socket.on("close", done);
      socket.on("error", () => {});
      socket.write(head);
      const pump = () => {
        while (sent < stopAfter && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
        socket.destroy();
      };
      pump();
    });
  const until = async (holds: () => boolean) => {
    for (let i = 0; i < 200 && !holds(); i++) await new Promise((r) => setTimeout(r, 10));
    return holds();
  };

  it("stops reading an endless chunked body past the drain limit, and a body that breaks off leaves no route waiting", async () => {
    const head = (framing: string) =>
      `POST /api/pick-skill HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer direct-token\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;
    const piece = Buffer.from(`10000\r\n${"x".repeat(0x10000)}\r\n`);
    const sent = await rawPost(head("Transfer-Encoding: chunked"), piece, 64 << 20);
    expect(sent).toBeLessThan(32 << 20); // the server cut it off (its drain limit is 8 MB)
    // 9 bytes of 100,000, then gone: the route reading it settles.
    const { port } = server.address() as AddressInfo;
    const broken = net.connect(port, "127.0.0.1");
    broken.on("error", () => {});
    broken.write(`${head("Content-Length: 100000")}{"turn":"`);
    expect(await until(() => running === 1)).toBe(true);
    broken.destroy();
    expect(await until(() => running === 0)).toBe(true);
    const after = await post("/api/pick-skill", JSON.stringify({ turn: "merge two pdf files" }));
    expect(after.status).toBe(200);
  });
});
