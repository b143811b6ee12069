import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearDiscoveryCache } from "../../catalog/discover";
import { tempDir, testConfig, writeSkill } from "../../testing/factories";
import { catalogPage, readCatalogSkill, textToLoad } from "./skill-files";

/** The catalog an MCP client browses: the one a turn ranks, by name, and never a file outside its roots. */
describe("the catalog's skills, listed and read", () => {
  let tmp: ReturnType<typeof tempDir>;
  let skills: string;
  let ctx: { config: ReturnType<typeof testConfig> };
  beforeEach(() => {
    tmp = tempDir("jev-skill-files-");
    const hermes = path.join(tmp.dir, "home", ".hermes");
    skills = path.join(hermes, "skills");
    for (const name of ["zeta", "alpha", "mid", "off"]) writeSkill(skills, name, `does ${name}`, { body: `\n# ${name}\n` });
    fs.writeFileSync(path.join(hermes, "config.yaml"), "skills:\n  disabled:\n    - off\n");
    ctx = { config: testConfig(tmp.dir, { HOME: path.join(tmp.dir, "home"), HERMES_HOME: hermes }) };
    clearDiscoveryCache();
  });
  afterEach(() => {
    clearDiscoveryCache();
    tmp.cleanup();
  });

  it("pages by name, without Hermes's disabled skills, and refuses a cursor it did not give", async () => {
    const first = await catalogPage(ctx, { limit: 2 });
    expect(first.skills.map((s) => s.name)).toEqual(["alpha", "mid"]);
    expect(first.total).toBe(3);
    const next = await catalogPage(ctx, { cursor: first.next_cursor!, limit: 2 });
    expect(next).toMatchObject({ skills: [{ name: "zeta", description: "does zeta" }], next_cursor: null });
    await expect(catalogPage(ctx, { cursor: "no way!" })).rejects.toMatchObject({ code: "bad_request", field: "cursor" });
    await expect(readCatalogSkill(ctx, { name: "off" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("reads a skill's whole SKILL.md, and refuses one a link now leads outside the roots", async () => {
    expect((await readCatalogSkill(ctx, { name: "alpha" })).text).toContain("# alpha");
    const outside = path.join(tmp.dir, "outside.md");
    fs.writeFileSync(outside, "---\nname: alpha\ndescription: not yours\n---\nprivate\n");
    // The walk saw a regular file; a link put there since must not be followed out of the roots.
    const file = path.join(skills, "alpha", "SKILL.md");
    fs.rmSync(file);
    fs.symlinkSync(outside, file);
    await expect(readCatalogSkill(ctx, { name: "alpha" })).rejects.toMatchObject({ code: "not_found" });
    expect(await textToLoad(ctx, { name: "alpha", path: file })).toBeNull();
    expect(await textToLoad(ctx, { name: "x", path: outside })).toBeNull();
    expect((await textToLoad(ctx, { name: "mid", path: path.join(skills, "mid", "SKILL.md") }))?.text).toContain("# mid");
  });
});
