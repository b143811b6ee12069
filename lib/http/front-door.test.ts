import { describe, expect, it } from "vitest";
import { API } from "../../app/api/routes";
import { allowedHosts } from "./allowed-hosts";
import { ACTION_BODY_LIMIT_BYTES, screenHost, screenRequest } from "./front-door";

const code = (method: string, url: string) => screenRequest(API, method, url)?.error.code ?? "pass";

describe("front door", () => {
  it("passes valid API requests and every page request Next.js can build", () => {
    expect(code("POST", "/api/pick-skill")).toBe("pass");
    expect(code("GET", "/api/decisions/7?x=%zz")).toBe("pass"); // the query is the route's to validate
    expect(code("HEAD", "/api/health")).toBe("pass");
    expect(code("OPTIONS", "/api/feedback")).toBe("pass");
    expect(screenRequest(API, "POST", "/", { "next-action": "7f".repeat(21), "content-length": "12" })).toBeNull(); // server actions
    expect(screenRequest(API, "POST", "/", { "next-action": "x\ny" })?.error.field).toBe("next-action");
    expect(screenRequest(API, "POST", "/")?.allow).toBe("GET, HEAD"); // a form post Next would choke on
    expect(code("GET", "/api/health/")).toBe("pass"); // Next.js redirects it to /api/health
  });

  it.each(["/api/%ff", "/api/%zz", "/api/%", "/api/health%zz", "/api/skills/%ed%a0%80/usage", "/decisions/%ff"])("refuses bad percent-encoding: %s", (url) => {
    const refusal = screenRequest(API, "GET", url);
    expect(refusal?.error.status).toBe(400);
    expect(refusal?.error.field).toBe("path");
  });

  it("answers unknown API paths, the bare /api and dot segments with a JSON 404", () => {
    for (const url of ["/api", "/api/", "/api/nope", "/api/./health", "/api/../api/health", "/api/decisions/1/2"])
      expect(code("GET", url), url).toBe("not_found");
  });

  it("answers a wrong method with 405 and the route's Allow header", () => {
    const cases: [string, string, string][] = [
      ["GET", "/api/pick-skill", "OPTIONS, POST"],
      ["PUT", "/api/feedback", "OPTIONS, POST"],
      ["POST", "/api/health", "GET, HEAD, OPTIONS"],
      ["DELETE", "/api/decisions/summary", "GET, HEAD, OPTIONS"],
      ["TRACE", "/api/health", "GET, HEAD, OPTIONS"],
      ["PROPFIND", "/api/decisions/3", "GET, HEAD, OPTIONS"],
      ["TRACE", "/", "GET, HEAD, POST"],
    ];
    for (const [method, url, allow] of cases) {
      const refusal = screenRequest(API, method, url);
      expect(refusal?.error.status, `${method} ${url}`).toBe(405);
      expect(refusal?.allow).toBe(allow);
    }
  });

  it("never echoes a method that is not a plain token", () => {
    expect(screenRequest(API, "X<script>", "/api/health")?.error.message).not.toContain("<");
  });

  it("refuses targets that are not a path", () => {
    expect(code("OPTIONS", "*")).toBe("bad_request");
    expect(code("GET", "http://example.com/api/health")).toBe("bad_request");
  });
});

describe("front door: host names (DNS rebinding)", () => {
  const hosts = allowedHosts("127.0.0.1", ["jev.example.com", ".fleet.internal"]);
  const host = (h: string | undefined, url = "/api/health") => screenHost(url, h === undefined ? {} : { host: h }, hosts);

  it("answers localhost, IP addresses, the allowed names and names under an allowed suffix", () => {
    for (const h of [
      "localhost",
      "localhost:3000",
      "LOCALHOST:3000",
      "app.localhost",
      "127.0.0.1:3000",
      "10.0.0.11",
      "[::1]:3000",
      "[::1]",
      "jev.example.com",
      "jev.example.com.",
      "a.fleet.internal:8443",
      "fleet.internal",
    ])
      expect(host(h), h).toBeNull();
  });

  it("refuses any other name with 421: JSON on /api, a short page elsewhere", () => {
    for (const h of [
      "evil.example:3000",
      "127.0.0.1.evil.example",
      "localhost.evil.example",
      "jev.example.com.evil",
      "xfleet.internal",
      "",
      "a b",
      "[::1",
      "[zz]:80",
    ]) {
      const refusal = host(h);
      expect(refusal?.error.status, h).toBe(421);
      expect(refusal?.page).toBe(false);
    }
    expect(host(undefined)?.error.code).toBe("misdirected_request");
    expect(host("evil.example", "/decisions")?.page).toBe(true);
  });

  it("answers the name HOST names, and every name with *", () => {
    expect(screenHost("/", { host: "box.lan:3000" }, allowedHosts("box.lan", []))).toBeNull();
    expect(screenHost("/", { host: "anything.example" }, allowedHosts("127.0.0.1", ["*"]))).toBeNull();
  });
});

describe("front door: dashboard changes (server actions)", () => {
  const action = (headers: Record<string, string>) =>
    screenRequest(API, "POST", "/", { "next-action": "7f".repeat(21), host: "127.0.0.1:3000", "content-length": "40", ...headers });

  it("passes a change from the dashboard's own page", () => {
    expect(action({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" })).toBeNull();
    expect(action({})).toBeNull(); // no Origin: not a browser, and the token still decides
  });

  it("refuses a change sent from another site's page with 403", () => {
    // The scheme is not compared: behind a TLS proxy the page is https and the request reaching jev is http.
    for (const origin of ["http://evil.example", "http://127.0.0.1:5173", "http://localhost:3000", "null", "file://", "garbage"])
      expect(action({ origin })?.error.status, origin).toBe(403);
    expect(action({ "sec-fetch-site": "cross-site" })?.error.code).toBe("forbidden");
    expect(action({ "sec-fetch-site": "same-site" })?.error.code).toBe("forbidden");
  });

  it("refuses a change of unknown size (411) or over the limit (413) before Next.js reads it", () => {
    expect(screenRequest(API, "POST", "/", { "next-action": "7f".repeat(21), "transfer-encoding": "chunked" })?.error.status).toBe(411);
    expect(screenRequest(API, "POST", "/", { "next-action": "7f".repeat(21) })?.error.status).toBe(411);
    expect(action({ "content-length": String(ACTION_BODY_LIMIT_BYTES + 1) })?.error.status).toBe(413);
    expect(action({ "content-length": "50000000" })?.error.code).toBe("payload_too_large");
  });
});

describe("front door: the API from another site's page", () => {
  const api = (headers: Record<string, string>) => screenRequest(API, "POST", "/api/mcp", { host: "127.0.0.1:3000", ...headers });

  it("refuses /api/mcp and every API route with 403 when the Origin is not this server (DNS rebinding, a page's fetch)", () => {
    for (const origin of ["http://evil.example", "http://127.0.0.1:5173", "null"]) expect(api({ origin })?.error.status, origin).toBe(403);
    expect(screenRequest(API, "GET", "/api/health", { host: "127.0.0.1:3000", origin: "http://evil.example" })?.error.code).toBe("forbidden");
  });

  it("passes agents and the CLI (no Origin) and the dashboard's own page", () => {
    expect(api({})).toBeNull();
    expect(api({ origin: "http://127.0.0.1:3000" })).toBeNull();
  });
});
