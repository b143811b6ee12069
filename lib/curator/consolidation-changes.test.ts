import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir, writeSkill } from "../testing/factories";
import { buildHermesHome } from "../testing/hermes-home";
import { cronRewrites, planChanges } from "./consolidation-changes";
import type { ConsolidationPlan } from "./consolidation-plan";
import { type CuratorHome, loadCuratorHome } from "./curator-home";

describe("what a plan would change, shown first", () => {
  const tmp = tempDir("jev-plan-changes-");
  const home = path.join(tmp.dir, "hermes");
  const skills = path.join(home, "skills");
  let h: CuratorHome;
  const plan = (over: Partial<ConsolidationPlan>): ConsolidationPlan => ({
    cluster: 1,
    umbrella: { name: "pdf", create: false },
    absorb: [
      { skill: "pdf-merge", as: "section" },
      { skill: "pdf-split", as: "reference" },
    ],
    reason: "one PDF skill",
    ...over,
  });

  beforeAll(async () => {
    buildHermesHome(home, {
      cronJobs: {
        jobs: [
          { id: "nightly", name: "nightly", skills: ["pdf-merge", "weather"] },
          { id: "both", skills: ["pdf", "pdf-split"] },
          { id: "legacy", skill: "pdf-merge" },
          { id: "other", skills: ["weather"] },
        ],
      },
    });
    writeSkill(skills, "pdf", "Work with PDF files.", { body: "\n# PDF\n\nUse qpdf.\n" });
    writeSkill(skills, "pdf-merge", "Merge PDF files.", { body: "\n# Merging\n\nqpdf --empty --pages a.pdf b.pdf -- out.pdf\n" });
    writeSkill(skills, "pdf-split", "Split PDF pages.", { body: "\nqpdf in.pdf --pages . 1-3 -- part.pdf\n" });
    writeSkill(skills, "pdf-ocr", "OCR scanned PDFs.", { body: "\nSee references/langs.md\n" });
    fs.mkdirSync(path.join(skills, "pdf-ocr", "references"));
    fs.writeFileSync(path.join(skills, "pdf-ocr", "references", "langs.md"), "eng, deu\n");
    h = await loadCuratorHome(home);
  });
  afterAll(() => tmp.cleanup());

  it("composes the umbrella: a section per sibling, a references/ file and a link per reference, as a diff", () => {
    const { changes, refused } = planChanges(h, [plan({})]);
    expect(refused).toEqual([]);
    const [c] = changes;
    expect(c.umbrella.before).toContain("Use qpdf.");
    expect(c.umbrella.after).toContain("Use qpdf.\n\n## pdf-merge\n\n# Merging\n\nqpdf --empty --pages a.pdf b.pdf -- out.pdf\n");
    expect(c.umbrella.after).toContain("## References\n\n- [references/pdf-split.md](references/pdf-split.md): Split PDF pages.\n");
    expect(c.umbrella.diff).toContain("--- skills/pdf/SKILL.md");
    expect(c.umbrella.diff).toContain("+## pdf-merge");
    expect(c.references).toEqual([
      { file: path.join(skills, "pdf", "references", "pdf-split.md"), text: fs.readFileSync(path.join(skills, "pdf-split", "SKILL.md"), "utf8") },
    ]);
    expect(c.archive.map((a) => a.name)).toEqual(["pdf-merge", "pdf-split"]);
    expect(c.cron).toEqual([
      { job: "nightly", before: ["pdf-merge", "weather"], after: ["pdf", "weather"] },
      { job: "both", before: ["pdf", "pdf-split"], after: ["pdf"] },
      { job: "legacy", before: ["pdf-merge"], after: ["pdf"] },
    ]);
  });

  it("a new umbrella starts from Hermes's front matter and its description", () => {
    const { changes } = planChanges(h, [plan({ umbrella: { name: "pdf-kit", create: true, description: "Everything PDF." } })]);
    expect(
      changes[0].umbrella.after.startsWith('---\nname: pdf-kit\ndescription: "Everything PDF."\n---\n\n# pdf-kit\n\nEverything PDF.\n\n## pdf-merge'),
    ).toBe(true);
    expect(changes[0].umbrella.file).toBe(path.join(skills, "pdf-kit", "SKILL.md"));
  });

  it("leaves a sibling with support files alone (the whole plan), as Hermes's package rule says", () => {
    const { changes, refused } = planChanges(h, [plan({ absorb: [{ skill: "pdf-ocr", as: "section" }] })]);
    expect(changes).toEqual([]);
    expect(refused[0].reason).toMatch(/'pdf-ocr' has support files/);
  });

  it("cron references follow the umbrella without repeats, in order, untouched jobs left out", () => {
    expect(
      cronRewrites(
        [{ id: "j", skills: ["a", "b", "u", "c"] }],
        new Map([
          ["a", "u"],
          ["b", "u"],
        ]),
      ),
    ).toEqual([{ job: "j", before: ["a", "b", "u", "c"], after: ["u", "c"] }]);
  });
});
