import { describe, expect, it } from "vitest";
import { screenRequest } from "./front-door";

const code = (method: string, url: string) => screenRequest(method, url)?.error.code ?? "pass";

describe("front door", () => {
  it("passes valid API requests and every page request Next.js can build", () => {
    expect(code("POST", "/api/pick-skill")).toBe("pass");
    expect(code("GET", "/api/decisions/7?x=%zz")).toBe("pass"); // the query is the route's to validate
    expect(code("HEAD", "/api/health")).toBe("pass");
    expect(code("OPTIONS", "/api/feedback")).toBe("pass");
    expect(screenRequest("POST", "/", { "next-action": "7f".repeat(21) })).toBeNull(); // server actions
    expect(screenRequest("POST", "/", { "next-action": "x\ny" })?.error.field).toBe("next-action");
    expect(screenRequest("POST", "/")?.allow).toBe("GET, HEAD"); // a form post Next would choke on
    expect(code("GET", "/api/health/")).toBe("pass"); // Next.js redirects it to /api/health
  });

  it.each(["/api/%ff", "/api/%zz", "/api/%", "/api/health%zz", "/api/skills/%ed%a0%80/usage", "/decisions/%ff"])("refuses bad percent-encoding: %s", (url) => {
    const refusal = screenRequest("GET", url);
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
      const refusal = screenRequest(method, url);
      expect(refusal?.error.status, `${method} ${url}`).toBe(405);
      expect(refusal?.allow).toBe(allow);
    }
  });

  it("never echoes a method that is not a plain token", () => {
    expect(screenRequest("X<script>", "/api/health")?.error.message).not.toContain("<");
  });

  it("refuses targets that are not a path", () => {
    expect(code("OPTIONS", "*")).toBe("bad_request");
    expect(code("GET", "http://example.com/api/health")).toBe("bad_request");
  });
});
