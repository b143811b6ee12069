import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir, testConfig } from "../testing/factories";
import { rootPolicy } from "./allowed-roots";

let tmp: { dir: string; cleanup: () => void };
beforeEach(() => {
  tmp = tempDir("jev-allowed-");
});
afterEach(() => tmp.cleanup());

describe("roots a client may pass", () => {
  it("by default: folders under the server's home and the default roots, not the home itself nor anything outside", () => {
    const home = fs.realpathSync(tmp.dir);
    fs.mkdirSync(path.join(home, "work", "skills"), { recursive: true });
    const policy = rootPolicy(testConfig(home));
    expect(policy.allows(path.join(home, "work", "skills"))).toBe(true);
    expect(policy.allows(path.join(home, "not-there-yet"))).toBe(true); // reported later as missing, not refused
    for (const root of [home, "/", "/proc", "/proc/self/root", "/etc", path.join(home, "..")]) expect(policy.allows(root), root).toBe(false);
  });

  it("judges a root by where it really is: a link under home to / is refused", () => {
    const home = fs.realpathSync(tmp.dir);
    fs.symlinkSync("/", path.join(home, "escape"));
    const policy = rootPolicy(testConfig(home));
    expect(policy.allows(path.join(home, "escape"))).toBe(false);
    expect(policy.allows(path.join(home, "escape", "etc"))).toBe(false);
  });

  it("with JEV_ALLOWED_ROOTS: only those folders and what lies below them", () => {
    const home = fs.realpathSync(tmp.dir);
    const shared = path.join(home, "shared");
    fs.mkdirSync(path.join(shared, "team"), { recursive: true });
    fs.mkdirSync(path.join(home, "mine"));
    const policy = rootPolicy(testConfig(home, { JEV_ALLOWED_ROOTS: `${shared}:/opt/none` }));
    expect(policy.allows(path.join(shared, "team"))).toBe(true);
    expect(policy.allows(shared)).toBe(true);
    expect(policy.allows(path.join(home, "mine"))).toBe(false);
  });

  it("a home of / allows nothing by being home", () => {
    const policy = rootPolicy(testConfig(tmp.dir, { HOME: "/" }));
    expect(policy.allows("/etc")).toBe(false);
    expect(policy.fence.roots).not.toContain("/");
  });
});
