import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { sqliteOf } from "../../../db/dialect";
import { decisions } from "../../../db/schema";
import { clearDiscoveryCache } from "../../catalog/discover";
import type { JevConfig } from "../../config";
import { ctxAt, freshDb, pickCtx, tempDir, testConfig, writeSkill } from "../../testing/factories";
import { recordAgentFeedback } from "../feedback/record";
import { servePickSkill } from "./pick";

let tmp: ReturnType<typeof tempDir>;
let db: Db;
let root: string;
let config: JevConfig;

function writeEntrySkill() {
  const dir = path.join(root, "jev-blender");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "SKILL.md"),
    "---\nname: jev-blender\ndescription: Start here for Blender work.\nmetadata:\n  hermes:\n    related_skills: [blender-nodes, blender-render]\n---\n# Blender\n",
  );
}

beforeEach(() => {
  tmp = tempDir("jev-entry-");
  root = path.join(tmp.dir, "skills");
  db = freshDb(tmp.dir);
  config = testConfig(tmp.dir);
  writeEntrySkill();
  writeSkill(root, "blender-nodes", "Build geometry nodes and shader node trees in Blender.");
  writeSkill(root, "blender-render", "Render Blender scenes with Cycles or Eevee: samples, resolution, output formats.");
  writeSkill(root, "pdf", "Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents.");
  clearDiscoveryCache();
  fs.mkdirSync(path.dirname(config.rulesFile), { recursive: true });
  fs.writeFileSync(config.rulesFile, JSON.stringify({ entry_skills: { "jev-blender": ["blender", "bpy"] } }));
});
afterEach(() => tmp.cleanup());

const ask = (turn: string, sessionId: string, extra: { route?: boolean } = {}) =>
  servePickSkill(pickCtx({ db, config }), { channel: "api", turn, roots: [root], sessionId, agent: "hermes", feedback: true, ...extra });

describe("domain entry skills, served from a real rules file, skill folders and SQLite", () => {
  it("entry skill first, then its related skills once each after it is loaded, then the judge; logged with how each was chosen", async () => {
    const first = await ask("make a low-poly donut in Blender", "s-1");
    expect(first.reply).toMatchObject({ via: "entry_skill", skills: [{ name: "jev-blender", match: 1 }] });
    // Not loaded yet: the entry is not repeated in this session, and its related skills wait.
    expect((await ask("add a plate under the donut in blender", "s-1")).reply).not.toHaveProperty("via");

    await recordAgentFeedback(ctxAt(db, config), { sessionId: "s-1", skill: "jev-blender", event: "loaded" });
    const render = await ask("render the blender scene at 4k resolution with cycles", "s-1");
    expect(render.reply).toMatchObject({ via: "related_skill", skills: [{ name: "blender-render" }] });
    const nodes = await ask("scatter sprinkles in blender", "s-1");
    expect(nodes.reply).toMatchObject({ via: "related_skill", skills: [{ name: "blender-nodes" }] });
    const judged = await ask("blender: bake the lighting", "s-1");
    expect(judged.reply).not.toHaveProperty("via");

    // Another session starts at the entry again.
    expect((await ask("open the blender file", "s-2")).reply).toMatchObject({ via: "entry_skill" });

    const rows = sqliteOf(db).select({ skill: decisions.suggestedSkill, via: decisions.suggestedVia, requests: decisions.requests }).from(decisions).all();
    expect(rows.filter((r) => r.via !== null)).toEqual([
      { skill: "jev-blender", via: "entry_skill", requests: 0 },
      { skill: "blender-render", via: "related_skill", requests: 0 },
      { skill: "blender-nodes", via: "related_skill", requests: 0 },
      { skill: "jev-blender", via: "entry_skill", requests: 0 },
    ]);
  });

  it("never changes routing: a domain turn is routed as it is without entry skills", async () => {
    const turn = "write a bpy script that rigs the character and fixes the broken weight painting";
    const withEntry = await ask(turn, "s-3", { route: true });
    expect(withEntry.reply).toMatchObject({ via: "entry_skill" });
    fs.writeFileSync(config.rulesFile, "{}");
    const without = await ask(turn, "s-4", { route: true });
    expect(without.reply).not.toHaveProperty("via");
    expect(withEntry.route).toEqual(without.route);
    expect(withEntry.route).toMatchObject({ status: "ok" });
  });

  it("a rules file with a bad entry keeps the defaults (and says so once), so turns go to the judge", async () => {
    fs.writeFileSync(config.rulesFile, JSON.stringify({ entry_skills: { "jev-blender": ["the"] } }));
    const { reply } = await ask("make a donut in blender", "s-5");
    expect(reply).not.toHaveProperty("via");
  });
});
