import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_METHODS, allowHeader, methodsOf, RouteTable } from "@/lib/http/route-table";
import { API } from "./routes";

const appApi = import.meta.dirname;

/** Every `route.ts` under app/api, keyed by its URL path, with its text. */
function routeFiles(): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (e.name === "route.ts") out.set(`/api/${path.relative(appApi, dir)}`.replace(/\/$/, ""), fs.readFileSync(full, "utf8"));
    }
  };
  visit(appApi);
  out.delete("/api/[...path]"); // the catch-all: unknown paths, answered by the front door first
  return out;
}

describe("the route table (app/api/routes.ts)", () => {
  it("has a route file for every route and no other, each one line taking exactly the table's methods", () => {
    const files = routeFiles();
    expect([...files.keys()].sort()).toEqual(API.routes.map((r) => r.path).sort());
    for (const route of API.routes) {
      const exported = `export const { ${methodsOf(route).join(", ")} } = nextRoute("${route.path}");`;
      expect(files.get(route.path), route.path).toBe(`import { nextRoute } from "@/app/api/next-route";\n\n${exported}\n`);
    }
  });

  it("serves every method a route file exports, and nothing else", async () => {
    for (const route of API.routes) {
      const file = await import(`./${route.path.slice("/api/".length)}/route`);
      const exported = API_METHODS.filter((m) => typeof file[m] === "function");
      expect(exported, route.path).toEqual(methodsOf(route));
    }
  });

  it("matches static segments before parameters, and nothing else", () => {
    expect(API.match(["api", "decisions", "summary"])?.route.path).toBe("/api/decisions/summary");
    expect(API.match(["api", "decisions", "42"])?.route.path).toBe("/api/decisions/[id]");
    expect({ ...API.match(["api", "decisions", "42"])?.params }).toEqual({ id: "42" });
    expect(API.match(["api"])).toBeNull();
    expect(API.match(["api", "decisions", "42", "x"])).toBeNull();
    expect(API.match(["api", "skills", "", "usage"])).toBeNull();
    // A parameter's name from the table never meets a prototype: params is a null-prototype map.
    expect(Object.getPrototypeOf(API.match(["api", "replay", "constructor"])?.params)).toBeNull();
  });

  it("keeps the front door's direct routes to the agents' per-turn POSTs (an MCP client's pick_skill among them)", () => {
    expect(API.routes.filter((r) => r.direct).map((r) => r.path)).toEqual(["/api/pick-skill", "/api/feedback", "/api/mcp", "/api/skills/[name]/usage"]);
    expect(API.routes.filter((r) => r.open).map((r) => r.path)).toEqual(["/api/health"]); // interfaces.md: the token on every /api route but health
  });

  it("allows HEAD with GET and always OPTIONS, sorted", () => {
    const only = (handlers: object) => new RouteTable([{ path: "/x", handlers }]).at("/x");
    const h = async () => ({ status: 200, body: "{}" });
    expect(allowHeader(only({ GET: h }))).toBe("GET, HEAD, OPTIONS");
    expect(allowHeader(only({ POST: h }))).toBe("OPTIONS, POST");
  });
});
