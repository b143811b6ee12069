import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "../../db/client";
import { ensureApiToken, isAuthorized } from "./api-token";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const freshDbFile = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "jev-token-"));
  dirs.push(d);
  return path.join(d, "jev.db");
};

describe("API token", () => {
  it("is generated once, stored, and the same on every later start", async () => {
    const file = freshDbFile();
    const first = await ensureApiToken(openDb(file), undefined);
    expect(first.generated).toBe(true);
    expect(first.token).toMatch(/^jev_[\w-]{32}$/);
    const again = await ensureApiToken(openDb(file), undefined);
    expect(again).toEqual({ token: first.token, generated: false });
  });

  it("JEV_API_TOKEN wins and nothing is generated", async () => {
    expect(await ensureApiToken(openDb(freshDbFile()), "mine")).toEqual({ token: "mine", generated: false });
  });

  it("accepts only the exact bearer token", () => {
    expect(isAuthorized("Bearer abc", "abc")).toBe(true);
    expect(isAuthorized("bearer abc", "abc")).toBe(true);
    for (const h of [null, "", "abc", "Bearer ab", "Bearer abcd", "Basic abc", "Bearer abc extra"]) expect(isAuthorized(h, "abc")).toBe(false);
  });
});
