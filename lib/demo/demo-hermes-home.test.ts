import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCuratorHome } from "../curator/curator-home";
import { unmanagedList } from "../curator/provenance";
import { planTransitions } from "../curator/transitions";
import { readUsage } from "../hermes/usage-file";
import { tempDir } from "../testing/factories";
import { writeDemoHermesHome } from "./demo-hermes-home";

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir("jev-demo-home-");
});
afterEach(() => tmp.cleanup());

describe("the demo Hermes home", () => {
  it("gives every lifecycle rule something to do, in Hermes's own formats", async () => {
    const home = path.join(tmp.dir, "hermes");
    expect(writeDemoHermesHome(home).skills).toBe(10);
    const h = await loadCuratorHome(home);
    expect(h.bundled.has("git-commit")).toBe(true);
    expect(Object.keys(readUsage(home).map)).toHaveLength(10);
    const steps = Object.fromEntries(planTransitions(h, Date.now()).map((p) => [p.name, p.step]));
    expect(steps).toMatchObject({
      "playwright-tests": "mark_stale",
      "sql-tuning": "archive",
      diagram: "archive",
      "meeting-notes": "reactivate",
      changelog: "keep",
      "brand-voice": "keep",
      "pdf-tools": "keep",
    });
    expect(steps).not.toHaveProperty("git-commit"); // bundled, prune_builtins off
    expect(unmanagedList(h).map((u) => u.name)).toEqual(["slide-deck"]);
  });
});
