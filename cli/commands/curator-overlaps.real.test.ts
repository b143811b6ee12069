import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tempDir } from "../../lib/testing/factories";
import { main } from "../main";

/** `jev curator overlaps` with the shipped sentence encoder: skills that say one thing in other words are grouped. */

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir("jev-overlaps-meaning-");
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  tmp.cleanup();
});

function home(): void {
  const root = path.join(tmp.dir, "home", ".claude", "skills");
  const skills: [string, string][] = [
    ["pdf-merge", "Combine several PDF documents into one file."],
    ["join-documents", "Put multiple PDFs together into a single document."],
    ["weather", "Look up the forecast and current weather for a city."],
    ["haiku", "Write haiku poems with a 5-7-5 syllable pattern."],
    ["git-bisect", "Find the commit that introduced a regression with git bisect."],
  ];
  for (const [name, description] of skills) {
    fs.mkdirSync(path.join(root, name), { recursive: true });
    fs.writeFileSync(path.join(root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n`);
  }
  vi.stubEnv("HOME", path.join(tmp.dir, "home"));
  vi.stubEnv("HERMES_HOME", path.join(tmp.dir, "no-hermes-here"));
  vi.stubEnv("JEV_DB", path.join(tmp.dir, "jev.db"));
}

async function overlaps(): Promise<{ meaning: string; clusters: { skills: { name: string }[]; pairs: { via: string }[] }[] }> {
  const out: string[] = [];
  expect(await main(["curator", "overlaps", "--json"], (l) => out.push(l))).toBe(0);
  return JSON.parse(out.join("\n"));
}

describe("jev curator overlaps, reading meaning", () => {
  it("groups two skills that say the same thing in other words, which words alone miss", async () => {
    home();
    vi.stubEnv("JEV_ENCODER", "off");
    expect(await overlaps()).toMatchObject({ meaning: "off", clusters: [] });
    vi.stubEnv("JEV_ENCODER", "on");
    const found = await overlaps();
    expect(found.meaning).toBe("read");
    expect(found.clusters.map((c) => c.skills.map((s) => s.name).sort())).toEqual([["join-documents", "pdf-merge"]]);
    expect(found.clusters[0].pairs[0].via).toBe("meaning");
  }, 60_000);
});
