import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { head, type RawReply, rawRequest } from "../lib/testing/raw-http";
import { authHeaders, E2E } from "./support/env";

/** Regression tests for the findings of a fuzz run (issue "hostile input"): each failed on the server before the front door and safe walks. */
const port = Number(E2E.port);
const auth = { authorization: authHeaders.authorization };

function expectEnvelope(reply: RawReply, status: number, code: string) {
  expect(reply.status, reply.body).toBe(status);
  expect(reply.headers["content-type"]).toContain("application/json");
  expect(JSON.parse(reply.body).error.code).toBe(code);
}

test.describe("hostile HTTP", () => {
  test("TRACE, CONNECT and unknown methods get a JSON 405 with Allow, never a 500", async () => {
    for (const [method, target] of [
      ["TRACE", "/api/health"],
      ["TRACE", "/"],
      ["TRACE", "/decisions"],
      ["PROPFIND", "/api/pick-skill"],
    ]) {
      const reply = await rawRequest(port, head(method, target));
      expectEnvelope(reply, 405, "method_not_allowed");
      expect(reply.headers.allow, `${method} ${target}`).toBeTruthy();
    }
    const connect = await rawRequest(port, head("CONNECT", "127.0.0.1:22"));
    expectEnvelope(connect, 405, "method_not_allowed");
    const garbage = await rawRequest(port, "NOT HTTP AT ALL\r\n\r\n");
    expectEnvelope(garbage, 400, "bad_request");
  });

  test("bad percent-encoding in a path is a 400 naming the path", async () => {
    for (const target of ["/api/%ff", "/api/%zz", "/api/%", "/api/health%zz", "/api/skills/%ed%a0%80/usage"]) {
      const reply = await rawRequest(port, head("GET", target));
      expectEnvelope(reply, 400, "bad_request");
      expect(JSON.parse(reply.body).error.field).toBe("path");
    }
  });

  test("a wrong method is a JSON 405 with the route's Allow header", async () => {
    const cases: [string, string, string][] = [
      ["GET", "/api/pick-skill", "OPTIONS, POST"],
      ["PUT", "/api/feedback", "OPTIONS, POST"],
      ["POST", "/api/health", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/decisions/summary", "GET, HEAD, OPTIONS"],
    ];
    for (const [method, target, allow] of cases) {
      const reply = await rawRequest(port, head(method, target, { ...auth, "content-length": "0" }));
      expectEnvelope(reply, 405, "method_not_allowed");
      expect(reply.headers.allow).toBe(allow);
    }
  });

  test("a reply that ends a connection mid-upload still reaches the client (lingering close)", async () => {
    const big = Buffer.alloc(1_200_000, "y");
    const refused = await rawRequest(port, head("PROPFIND", "/nope", { "content-length": String(big.length) }), big);
    expectEnvelope(refused, 405, "method_not_allowed");
    const unauthorized = await rawRequest(
      port,
      head("POST", "/api/pick-skill", { "content-type": "application/json", "content-length": String(big.length) }),
      big,
    );
    expectEnvelope(unauthorized, 401, "unauthorized");
    const tooLarge = await rawRequest(
      port,
      head("POST", "/api/pick-skill", { ...auth, "content-type": "application/json", "content-length": String(big.length) }),
      big,
    );
    expectEnvelope(tooLarge, 413, "payload_too_large");
  });

  test("the bare /api is a JSON 404, not the HTML page", async () => {
    expectEnvelope(await rawRequest(port, head("GET", "/api")), 404, "not_found");
  });

  test("dates a Date cannot hold are a 400 naming the field", async () => {
    const reply = await rawRequest(port, head("GET", "/api/decisions/summary?to=-271821-04-20T00:00:00Z", auth));
    expectEnvelope(reply, 400, "bad_request");
    expect(JSON.parse(reply.body).error.field).toBe("to");
    const body = JSON.stringify({ session_id: "s", skill: "pdf", event: "loaded", at: "0001-01-01T00:00:00Z" });
    const feedback = await rawRequest(
      port,
      head("POST", "/api/feedback", { ...auth, "content-type": "application/json", "content-length": String(body.length) }),
      body,
    );
    expectEnvelope(feedback, 400, "bad_request");
    expect(JSON.parse(feedback.body).error.field).toBe("at");
  });
});

test.describe("hostile roots", () => {
  test("a SKILL.md that is (or links to) a FIFO is skipped; the server keeps answering", async ({ request }) => {
    const root = path.join(E2E.home, "fifo-root");
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(path.join(root, "trap"), { recursive: true });
    fs.mkdirSync(path.join(root, "linked"), { recursive: true });
    execFileSync("mkfifo", [path.join(root, "trap", "SKILL.md")]);
    fs.symlinkSync(path.join(root, "trap", "SKILL.md"), path.join(root, "linked", "SKILL.md"));
    try {
      const res = await request.post("/api/pick-skill", { data: { turn: "make a pdf", roots: [root] }, headers: authHeaders, timeout: 10_000 });
      expect(res.status()).toBe(200);
      expect(await res.json()).toMatchObject({ status: "fail_open", reason: "no_skills" });
      const health = await request.get("/api/health", { timeout: 5_000 });
      expect(health.status()).toBe(200);
    } finally {
      // A FIFO left in the checkout makes the next `next build` panic while tracing files ("Invalid file type Other").
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("a root outside the allow-list is left out of the request and named in a warning: the user's own skills still answer", async ({ request, page }) => {
    // The user's skills, under the server user's home; the project's root is elsewhere (a container's /workspace).
    fs.mkdirSync(path.join(E2E.home, "fine", "pdf"), { recursive: true });
    fs.writeFileSync(path.join(E2E.home, "fine", "pdf", "SKILL.md"), "---\nname: pdf\ndescription: Merge, split and fill PDF documents and forms.\n---\n");
    fs.rmSync(path.join(E2E.home, "to-root"), { force: true });
    fs.symlinkSync("/", path.join(E2E.home, "to-root"));
    for (const root of ["/", "/proc", `/proc/${process.pid}/root`, "/etc", E2E.home, path.join(E2E.home, "to-root")]) {
      const res = await request.post("/api/pick-skill", {
        data: { turn: "merge these pdf documents", roots: [`${E2E.home}/fine`, root] },
        headers: authHeaders,
      });
      expect(res.status(), root).toBe(200);
      const reply = await res.json();
      expect(reply.skills[0]?.name, root).toBe("pdf");
      expect(reply.warnings, root).toContain(
        `root ${root} is not an allowed root (JEV_ALLOWED_ROOTS; by default the default roots and folders under the server user's home); left out of this request`,
      );
    }
    // The Overview counts what was left out, and says how to allow a folder.
    await page.goto("/");
    await expect(page.getByTestId("left-out-roots")).toContainText("/etc");
    await expect(page.getByTestId("left-out-roots-note")).toContainText("JEV_ALLOWED_ROOTS");
  });
});

test.describe("bodies that never finish (second hardening round)", () => {
  test("20 connections holding unfinished bodies are answered 408 and closed within the request timeout, not after 300 s", async () => {
    test.setTimeout(60_000);
    const started = Date.now();
    const held = Array.from(
      { length: 20 },
      () =>
        new Promise<{ ms: number; reply: string }>((resolve) => {
          const socket = net.connect(Number(E2E.port), "127.0.0.1");
          let reply = "";
          socket.on("data", (chunk) => {
            reply += chunk.toString("utf8");
          });
          socket.on("error", () => {});
          socket.on("close", () => resolve({ ms: Date.now() - started, reply }));
          socket.write(
            `POST /api/pick-skill HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer ${E2E.token}\r\ncontent-length: 1000\r\n\r\n{"turn": "merge`,
          );
        }),
    );
    const closed = await Promise.all(held);
    for (const c of closed) {
      expect(c.ms).toBeLessThan(20_000);
      expect(c.reply).toMatch(/^HTTP\/1\.1 408 /);
      expect(c.reply).toContain('"code":"request_timeout"');
    }
    // The server answers as before meanwhile and after.
    const health = await fetch(`${E2E.baseURL}/api/health`);
    expect(health.status).toBe(200);
  });
});
