import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { loadCuratorHome } from "../curator/curator-home";
import { curatorStatus } from "../curator/status";
import { pythonJson } from "../hermes/python-json";
import { readUsage, usagePaths } from "../hermes/usage-file";
import { ctxAt, freshDb, pickCtx, tempDir, testConfig } from "../testing/factories";
import { buildHermesHome } from "../testing/hermes-home";
import { HOSTILE_NAMES } from "../testing/hostile-names";
import { curatorAction } from "./curator/act";
import { servePickSkill } from "./decisions/pick";
import { recordAgentFeedback } from "./feedback/record";
import { skillDetail } from "./skills/detail";
import { listSkills } from "./skills/list";
import { bumpUsage } from "./usage/bump";

const NOW = Date.parse("2026-09-10T12:00:00Z");
let tmp: ReturnType<typeof tempDir>;
let db: Db;
let home: string;
const config = () => testConfig(tmp.dir, { HERMES_HOME: home });
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const pristine = prototypeKeys();

beforeEach(() => {
  tmp = tempDir("jev-hostile-names-");
  db = freshDb(tmp.dir);
  home = path.join(tmp.dir, "hermes");
  fs.mkdirSync(home);
});
afterEach(() => {
  tmp.cleanup();
  // Whatever a test did, Object.prototype must be as it was.
  expect(prototypeKeys()).toEqual(pristine);
  expect(({} as Record<string, unknown>).view_count).toBeUndefined();
});

describe("names that are special to a JavaScript object", () => {
  it("usage bumps store each name as a plain key of .usage.json; a normal skill's bump still works after them", async () => {
    buildHermesHome(home, { skills: { pdf: null } });
    for (const name of HOSTILE_NAMES) {
      for (const kind of ["use", "view", "patch"] as const) {
        const record = await bumpUsage(ctxAt(db, config(), NOW), { name: name, kind: kind });
        expect(record[`${kind}_count`], `${name} ${kind}`).toBe(1);
      }
    }
    expect((await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "view" })).view_count).toBe(1);
    const onDisk = JSON.parse(fs.readFileSync(usagePaths(home).file, "utf8"));
    for (const name of HOSTILE_NAMES) expect(Object.hasOwn(onDisk, name), name).toBe(true);
    expect(Object.getOwnPropertyDescriptor(onDisk, "__proto__")?.value).toMatchObject({ use_count: 1, view_count: 1, patch_count: 1 });
    const map = readUsage(home).map;
    expect(Object.getPrototypeOf(map)).toBeNull();
    expect(Object.keys(map).sort()).toEqual([...HOSTILE_NAMES, "pdf"].sort());
  });

  it("a .usage.json that Hermes wrote with such keys is read, kept and rewritten with them", async () => {
    const usage = Object.fromEntries(HOSTILE_NAMES.map((n) => [n, { created_by: "agent", use_count: 2, state: "active" }]));
    buildHermesHome(home, { skills: Object.fromEntries(HOSTILE_NAMES.filter((n) => n !== "prototype").map((n) => [n, null])) });
    fs.writeFileSync(usagePaths(home).file, pythonJson(usage));
    const status = curatorStatus(await loadCuratorHome(home), NOW);
    expect(status.managed.agent.active).toBe(HOSTILE_NAMES.length - 1); // "prototype" has no folder
    await bumpUsage(ctxAt(db, config(), NOW), { name: "pdf", kind: "use" });
    const onDisk = JSON.parse(fs.readFileSync(usagePaths(home).file, "utf8"));
    for (const name of HOSTILE_NAMES) expect(Object.getOwnPropertyDescriptor(onDisk, name)?.value?.use_count, name).toBe(2);
  });

  it("curator actions, the skill detail and the skills list take such names as names", async () => {
    buildHermesHome(home, {
      // Not an object literal: `{ __proto__: null }` would set the prototype instead of a key.
      skills: Object.fromEntries([
        ["__proto__", null],
        ["constructor", null],
        ["pdf", null],
      ]),
      usage: Object.fromEntries([
        ["__proto__", { created_by: "agent" }],
        ["constructor", { created_by: "agent" }],
      ]),
    });
    for (const name of ["__proto__", "constructor"]) {
      expect((await curatorAction(ctxAt(db, config(), NOW), { action: "pin", name })).message).toMatch(/^pinned/);
      expect(Object.getOwnPropertyDescriptor(readUsage(home).map, name)?.value?.pinned).toBe(true);
      await curatorAction(ctxAt(db, config(), NOW), { action: "unpin", name });
      expect((await curatorAction(ctxAt(db, config(), NOW), { action: "archive", name })).message).toMatch(/archived to/);
      expect((await curatorAction(ctxAt(db, config(), NOW), { action: "restore", name })).message).toMatch(/restored to/);
      expect((await skillDetail(ctxAt(db, config(), NOW), { name })).name).toBe(name);
    }
    for (const name of HOSTILE_NAMES.filter((n) => n !== "__proto__" && n !== "constructor")) {
      await expect(curatorAction(ctxAt(db, config(), NOW), { action: "pin", name }), name).rejects.toMatchObject({ code: "not_found" });
      await expect(skillDetail(ctxAt(db, config(), NOW), { name }), name).rejects.toMatchObject({ code: "not_found" });
    }
    const names = (await listSkills(ctxAt(db, config(), NOW), {}).then((l) => l.skills)).map((r) => r.name).sort();
    expect(names).toEqual(["__proto__", "constructor", "pdf"]);
    for (const q of HOSTILE_NAMES) await listSkills(ctxAt(db, config(), NOW), { q }).then((l) => l.skills);
  });

  it("feedback and pick-skill take such names as session ids, skills, loaded and loadable names and agents", async () => {
    const root = path.join(tmp.dir, "skills");
    buildHermesHome(path.join(tmp.dir, "unused"), {});
    fs.mkdirSync(root);
    for (const name of HOSTILE_NAMES) {
      await recordAgentFeedback(ctxAt(db, config(), NOW), { sessionId: name, skill: name, event: "loaded", at: NOW });
      const served = await servePickSkill(pickCtx({ db, config: config(), clock: () => NOW }), {
        channel: "api",
        turn: "merge these pdf files",
        roots: [root],
        sessionId: name,
        loaded: [name],
        loadable: [name],
        agent: name,
        feedback: true,
      });
      expect(served.reply.status, name).toBeDefined();
    }
  });
});
