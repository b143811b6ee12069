import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir, testConfig, writeSkill } from "../../testing/factories";
import { buildHermesHome, idleRecord } from "../../testing/hermes-home";
import { type JudgeServer, startJudgeServer } from "../../testing/judge-server";
import { consolidationPreview } from "./consolidate";

/** The consolidation pass's preview against a scripted OpenAI-compatible judge on loopback: real HTTP, a real Hermes home. */
describe("consolidationPreview", () => {
  const tmp = tempDir("jev-consolidate-");
  const home = path.join(tmp.dir, "hermes");
  const skills = path.join(home, "skills");
  let judge: JudgeServer;
  let config: ReturnType<typeof testConfig>;
  const snapshot = () =>
    fs
      .readdirSync(skills, { recursive: true, withFileTypes: true })
      .map((e) => `${path.relative(skills, path.join(e.parentPath, e.name))}:${e.isFile() ? fs.readFileSync(path.join(e.parentPath, e.name), "utf8") : ""}`)
      .sort();

  beforeAll(async () => {
    buildHermesHome(home, {
      usage: { pdf: idleRecord(Date.now(), 1), "pdf-merge": idleRecord(Date.now(), 1), "pdf-split": idleRecord(Date.now(), 2, { pinned: true }) },
    });
    writeSkill(skills, "pdf", "Merge, split and rotate PDF pages.", {
      body: "\nqpdf merges PDF files, splits PDF pages and rotates them. Key: ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5\n",
    });
    writeSkill(skills, "pdf-merge", "Merge PDF files into one PDF.", { body: "\nUse qpdf to merge PDF files; split pages out of a PDF.\n" });
    writeSkill(skills, "pdf-split", "Split PDF pages out of a PDF file.", { body: "\nqpdf splits PDF pages and merges PDF files.\n" });
    for (const [name, description] of [
      ["weather", "Look up the forecast for a city."],
      ["haiku", "Write haiku poems with a 5-7-5 pattern."],
      ["sql-tuning", "Speed up slow SQL queries with indexes."],
    ])
      writeSkill(skills, name, description);
    judge = await startJudgeServer();
    config = testConfig(tmp.dir, { HERMES_HOME: home, JEV_JUDGE: "openai", JEV_JUDGE_URL: `${judge.url}/v1`, JEV_JUDGE_MODEL: "test-model" });
  });
  afterAll(async () => {
    await judge.close();
    tmp.cleanup();
  });

  it("sends the home's overlapping skills, redacted, and keeps the judge's checked plans; nothing is written", async () => {
    const before = snapshot();
    const plan = { cluster: 1, umbrella: { name: "pdf" }, absorb: [{ skill: "pdf-merge", as: "section" }], reason: "one PDF skill serves both" };
    judge.script(() => ({ kind: "content", content: JSON.stringify({ plans: [plan] }) }));
    const preview = await consolidationPreview({ config, clock: Date.now });
    expect(preview.clusters.map((c) => c.skills.map((s) => s.name).sort())).toEqual([["pdf", "pdf-merge", "pdf-split"]]);
    expect(preview.plans).toEqual([{ ...plan, umbrella: { name: "pdf", create: false } }]);
    expect(preview.refused).toEqual([]);
    expect(preview.requests).toBe(1);
    expect(preview.judgeRequests).toBe(1);
    const sent = judge.calls.at(-1)!.body;
    expect(sent).toContain("pdf-split (locked: 'pdf-split' is pinned)");
    expect(sent).not.toContain("ghp_");
    expect(sent).not.toContain(skills);
    expect(snapshot()).toEqual(before);
  });

  it("a malformed answer, a plan breaking a rule, and a judge that times out each change nothing and say why", async () => {
    const before = snapshot();
    judge.script(() => ({ kind: "content", content: "I would merge them all" }));
    expect((await consolidationPreview({ config, clock: Date.now })).refused).toEqual([
      { cluster: 1, reason: "the judge's answer was not JSON: nothing changed" },
    ]);
    judge.script(() => ({
      kind: "content",
      content: JSON.stringify({ plans: [{ cluster: 1, umbrella: { name: "pdf" }, absorb: [{ skill: "pdf-split", as: "section" }], reason: "x" }] }),
    }));
    expect((await consolidationPreview({ config, clock: Date.now })).refused).toEqual([{ cluster: 1, reason: "'pdf-split' is pinned: it is never absorbed" }]);
    const slow = { ...config, judge: { kind: "openai" as const, remote: { ...(config.judge as { remote: object }).remote, requestTimeoutMs: 100 } } };
    judge.script(() => ({ kind: "answer", delayMs: 1_000 }));
    const timedOut = await consolidationPreview({ config: slow as typeof config, clock: Date.now });
    expect(timedOut.plans).toEqual([]);
    expect(timedOut.refused).toEqual([{ cluster: 1, reason: "the judge did not answer in time: nothing changed" }]);
    expect(timedOut.judgeRequests).toBeGreaterThanOrEqual(1); // a timeout is retried when there is time: each attempt is counted
    expect(snapshot()).toEqual(before);
  });

  it("needs a remote judge: the local one writes no plans", async () => {
    await expect(consolidationPreview({ config: testConfig(tmp.dir, { HERMES_HOME: home }), clock: Date.now })).rejects.toMatchObject({ code: "conflict" });
  });
});
