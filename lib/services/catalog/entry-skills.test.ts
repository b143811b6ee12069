import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { DAY_MS } from "../../base/time";
import { clearDiscoveryCache } from "../../catalog/discover";
import type { JevConfig } from "../../config";
import { ctxAt, freshDb, pickCtx, tempDir, testConfig, writeSkill } from "../../testing/factories";
import { servePickSkill } from "../decisions/pick";
import { recordAgentFeedback } from "../feedback/record";
import { entrySkillsOverview } from "./entry-skills";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let config: JevConfig;
let skills: string;

beforeEach(() => {
  tmp = tempDir("jev-entry-overview-");
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
  skills = path.join(config.hermesHome, "skills"); // the default catalog's root
  fs.mkdirSync(path.join(skills, "jev-blender"), { recursive: true });
  fs.writeFileSync(
    path.join(skills, "jev-blender", "SKILL.md"),
    "---\nname: jev-blender\ndescription: Start here for Blender work.\nrelated_skills: [blender-render, blender-ghost]\n---\n",
  );
  writeSkill(skills, "blender-render", "Render Blender scenes with Cycles.");
  clearDiscoveryCache();
  fs.mkdirSync(path.dirname(config.rulesFile), { recursive: true });
});
afterEach(() => tmp.cleanup());

const writeRules = (rules: unknown) => fs.writeFileSync(config.rulesFile, JSON.stringify(rules));

describe("the Overview's domain entry skills", () => {
  it("none configured: an empty list, and where the rules file is", async () => {
    expect(await entrySkillsOverview(ctxAt(db, config))).toEqual({
      rulesFile: config.rulesFile,
      problem: undefined,
      days: 7,
      catalogUnread: false,
      entries: [],
    });
  });

  it("each entry with its words, where the catalog has it and its related skills, and a week of hints and loads", async () => {
    writeRules({ entry_skills: { "jev-blender": ["blender", "bpy"], "sketchup-start": ["sketchup"] } });
    const now = Date.now();
    const ask = (turn: string, sessionId: string, at: number) =>
      servePickSkill(pickCtx({ db, config, clock: () => at }), { channel: "api", turn, sessionId, feedback: true });
    await ask("make a donut in blender", "old", now - 8 * DAY_MS); // outside the window
    await ask("make a donut in blender", "a", now - 1000);
    await ask("make a mug in blender", "b", now - 900);
    await recordAgentFeedback(ctxAt(db, config, now), { sessionId: "a", skill: "jev-blender", event: "loaded", at: now - 800 });
    await ask("render the blender scene with cycles", "a", now - 700);

    const overview = await entrySkillsOverview(ctxAt(db, config, now));
    expect(overview.entries).toEqual([
      {
        skill: "jev-blender",
        words: ["blender", "bpy"],
        path: path.join(skills, "jev-blender", "SKILL.md"),
        hints: 2,
        loads: 1,
        related: [
          { name: "blender-render", path: path.join(skills, "blender-render", "SKILL.md"), hints: 1, loads: 0 },
          { name: "blender-ghost", path: null, hints: 0, loads: 0 },
        ],
      },
      { skill: "sketchup-start", words: ["sketchup"], path: null, related: [], hints: 0, loads: 0 },
    ]);
  });

  it("a broken rules file is named with its problem, and then no entry skill applies", async () => {
    fs.writeFileSync(config.rulesFile, '{"entry_skills": {"jev-blender": "blender"}}');
    const overview = await entrySkillsOverview(ctxAt(db, config));
    expect(overview.problem).toContain("entry_skills.jev-blender");
    expect(overview.entries).toEqual([]);
  });
});
