import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { productionSources, REPO_ROOT } from "../testing/source-files";

describe("process-wide state (lib/base/process-state.ts)", () => {
  it("is one value per key whichever copy of the module asks, and one reset empties it", async () => {
    const first = await import("./process-state");
    vi.resetModules();
    const second = await import("./process-state");
    expect(second).not.toBe(first); // really another copy, as the front door's bundle is
    const map = first.processWide("jev.lockQueues", () => new Map<string, Promise<unknown>>());
    map.set("probe", Promise.resolve());
    expect(second.processWide("jev.lockQueues", () => new Map())).toBe(map);
    second.resetProcessState();
    expect(map.size).toBe(0);
  });

  it("holds every module-level cache, or the cache says in one line why it is copy-local", () => {
    const unnamed: string[] = [];
    for (const file of productionSources()) {
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        const m = /^(?:const|let) ([a-zA-Z_]\w*)(?::[^=]+)? = new (?:Map|WeakMap|Set|WeakSet)\b/.exec(line);
        if (!m || /^[A-Z_]+$/.test(m[1])) return; // SCREAMING_CASE: a constant table, not a cache
        if (!lines[i - 1]?.includes("copy-local:")) unnamed.push(`${path.relative(REPO_ROOT, file)}:${i + 1} ${m[1]}`);
      });
    }
    expect(unnamed).toEqual([]);
  });
});
