import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_METHODS, API_ROUTES, allowHeader, matchApiRoute } from "./api-routes";

const appApi = path.resolve(import.meta.dirname, "../../app/api");

/** Every `route.ts` under app/api with the HTTP methods it exports, keyed by its URL path. */
function routeFiles(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (e.name === "route.ts") {
        const text = fs.readFileSync(full, "utf8");
        const methods = API_METHODS.filter((m) => new RegExp(`export (async )?function ${m}\\b|as ${m}\\b`).test(text));
        out.set(`/api/${path.relative(appApi, dir)}`.replace(/\/$/, ""), methods);
      }
    }
  };
  visit(appApi);
  out.delete("/api/[...path]"); // the catch-all: unknown paths, answered by the front door first
  return out;
}

describe("API route list", () => {
  it("names every route file under app/api with exactly the methods it exports", () => {
    const files = routeFiles();
    expect(Object.fromEntries(files)).toEqual(Object.fromEntries(API_ROUTES.map((r) => [r.path, [...r.methods].sort()])));
  });

  it("matches static segments before parameters, and nothing else", () => {
    expect(matchApiRoute(["api", "decisions", "summary"])?.path).toBe("/api/decisions/summary");
    expect(matchApiRoute(["api", "decisions", "42"])?.path).toBe("/api/decisions/[id]");
    expect(matchApiRoute(["api"])).toBeNull();
    expect(matchApiRoute(["api", "decisions", "42", "x"])).toBeNull();
  });

  it("allows HEAD with GET and always OPTIONS, sorted", () => {
    expect(allowHeader({ path: "/x", methods: ["GET"] })).toBe("GET, HEAD, OPTIONS");
    expect(allowHeader({ path: "/x", methods: ["POST"] })).toBe("OPTIONS, POST");
  });
});
