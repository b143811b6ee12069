import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consolidationCases } from "../../testing/consolidation-cases";
import { writeSkill } from "../../testing/factories";
import { buildHermesHome, idleRecord } from "../../testing/hermes-home";
import { consolidationPreview } from "./consolidate";
import { applyConsolidation } from "./consolidate-apply";
import { runCuratorNow } from "./run";

/**
 * The consolidation pass changes exactly the skills Hermes's curator manages (issue 53): a home holding a skill the
 * user wrote by hand, a hub skill, a bundled one and agent-created ones, all alike, and a judge that tries to absorb
 * each kind. Only the agent-created skills ever move; the others are sent only as locked context, without their bodies.
 */
describe("the curator's managed set in the consolidation pass", () => {
  const NOW = Date.parse("2026-12-07T09:00:00Z");
  const PDF_BODY = "\nUse qpdf to merge PDF files, split PDF pages and rotate PDF pages.\n";
  /** Every SKILL.md under skills/, the archive included, by path. */
  const files = () =>
    fs
      .readdirSync(c.skills, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name === "SKILL.md")
      .map((e) => path.relative(c.skills, path.join(e.parentPath, e.name)))
      .sort();
  const absorb = (umbrella: string, skill: string, create = false) => ({
    cluster: 1,
    umbrella: create ? { name: umbrella, create: true, description: "Everything about PDF files." } : { name: umbrella },
    absorb: [{ skill, as: "section" }],
    reason: `try ${skill}`,
  });
  /** One answer trying every kind; the only plan that keeps the rule comes last, so no refusal hides behind it. */
  const TRIES = [
    absorb("pdf-agent", "pdf-by-hand"),
    absorb("pdf-agent", "pdf-hub"),
    absorb("pdf-agent", "pdf-bundled"),
    absorb("pdf-by-hand", "pdf-agent-2"),
    absorb("pdf-from-nowhere", "pdf-by-hand", true),
    absorb("pdf-agent", "pdf-agent-2"),
  ];

  const c = consolidationCases("jev-consolidate-scope-", NOW, (home, skills) => {
    buildHermesHome(home, {
      // pdf-by-hand has a record without created_by (a record older than the marker): still the user's.
      usage: { "pdf-agent": idleRecord(NOW, 3), "pdf-agent-2": idleRecord(NOW, 3), "pdf-by-hand": { use_count: 4, view_count: 1 } },
      bundled: ["pdf-bundled"],
      hub: { "pdf-hub": "pdf-hub" },
    });
    for (const name of ["pdf-agent", "pdf-agent-2", "pdf-by-hand", "pdf-hub", "pdf-bundled"]) {
      writeSkill(skills, name, "Merge, split and rotate PDF files and pages.", {
        body: `${PDF_BODY}${name === "pdf-by-hand" ? "My own notes: ledger-9281.\n" : ""}`,
      });
    }
    // A group of the user's own skills only: nothing in it may change, so it is never sent.
    writeSkill(skills, "forecast-mine", "Look up the weather forecast for a city.", { body: "\nAsk the forecast service for the city's weather.\n" });
    writeSkill(skills, "forecast-too", "Weather forecast for a city, by day.", { body: "\nThe city's weather forecast service, day by day.\n" });
  });

  it("preview and apply: only the agent-created sibling moves; every other kind is refused with its reason", async () => {
    c.judge.script(() => ({ kind: "content", content: JSON.stringify({ plans: TRIES }) }));
    const before = files();
    const preview = await consolidationPreview(c.ctx());

    // Asked once, about the PDF group only; the skills outside the managed set marked locked, their bodies kept home.
    expect(c.judge.calls).toHaveLength(1);
    const asked = JSON.parse(c.judge.calls[0].body).messages[1].content as string;
    expect(asked).not.toContain("forecast");
    expect(asked).toMatch(/- pdf-by-hand \(locked: 'pdf-by-hand' is not the curator's to change/);
    expect(asked).toMatch(/- pdf-hub \(locked: 'pdf-hub' is hub-installed\)/);
    expect(asked).toMatch(/- pdf-bundled \(locked: 'pdf-bundled' is bundled with Hermes\)/);
    expect(asked).toMatch(/- pdf-agent: Merge/);
    expect(asked).not.toContain("ledger-9281");

    const reasons = preview.refused.map((r) => r.reason);
    expect(reasons).toEqual([
      "none of its skills is one the curator may change",
      expect.stringMatching(/^'pdf-by-hand' is not the curator's to change \(no agent-created record.*never absorbed$/),
      "'pdf-hub' is hub-installed: it is never absorbed",
      "'pdf-bundled' is bundled with Hermes: it is never absorbed",
      expect.stringMatching(/^'pdf-by-hand' is not the curator's to change.*cannot be the umbrella/),
      expect.stringMatching(/^'pdf-by-hand' is not the curator's to change.*never absorbed$/),
    ]);
    expect(preview.plans.map((p) => [p.umbrella.name, p.absorb.map((a) => a.skill)])).toEqual([["pdf-agent", ["pdf-agent-2"]]]);

    await applyConsolidation(c.ctx(), { id: preview.id });
    const moved = new Set(before.filter((f) => !files().includes(f)));
    expect([...moved]).toEqual(["pdf-agent-2/SKILL.md"]);
    expect(files()).toContain(".archive/pdf-agent-2/SKILL.md");
    for (const name of ["pdf-by-hand", "pdf-hub", "pdf-bundled", "forecast-mine"]) {
      expect(fs.readFileSync(path.join(c.skills, name, "SKILL.md"), "utf8")).not.toContain("## pdf-agent");
    }
  });

  it("the curator's run (the scheduled pass) keeps the same rule", async () => {
    fs.writeFileSync(path.join(c.home, "config.yaml"), "curator:\n  consolidate: true\n");
    c.judge.script(() => ({ kind: "content", content: JSON.stringify({ plans: TRIES }) }));
    const before = files();
    const run = await runCuratorNow(c.ctx());
    expect(run.run.summary).toMatch(/llm: consolidated 1 skill\(s\) into 1 umbrella\(s\)/);
    expect(before.filter((f) => !files().includes(f))).toEqual(["pdf-agent-2/SKILL.md"]);
  });

  it("with curator.prune_builtins off, a bundled skill is outside the managed set for the lifecycle too", async () => {
    const { curationScope } = await import("../../curator/curation-scope");
    const { loadCuratorHome } = await import("../../curator/curator-home");
    const on = curationScope(await loadCuratorHome(c.home));
    expect([...on.managed].sort()).toEqual(["pdf-agent", "pdf-agent-2", "pdf-bundled"]);
    expect(on.handsOff("pdf-bundled", "lifecycle")).toBeNull();
    fs.writeFileSync(path.join(c.home, "config.yaml"), "curator:\n  prune_builtins: false\n");
    const off = curationScope(await loadCuratorHome(c.home));
    expect([...off.managed].sort()).toEqual(["pdf-agent", "pdf-agent-2"]);
    expect(off.handsOff("pdf-bundled", "lifecycle")).toMatch(/prune_builtins is off/);
    expect(off.handsOff("pdf-by-hand", "lifecycle")).toMatch(/not the curator's to change/);
  });

  it("a skill in a linked folder is outside the managed set, record or not: Hermes's rglob never enters one", async () => {
    const { curationScope } = await import("../../curator/curation-scope");
    const { loadCuratorHome } = await import("../../curator/curator-home");
    const shared = path.join(path.dirname(c.home), "shared", "pdf-shared");
    writeSkill(path.dirname(shared), "pdf-shared", "A PDF skill shared from a dotfiles folder.");
    fs.symlinkSync(shared, path.join(c.skills, "pdf-shared"));
    const usage = JSON.parse(fs.readFileSync(path.join(c.skills, ".usage.json"), "utf8"));
    fs.writeFileSync(path.join(c.skills, ".usage.json"), JSON.stringify({ ...usage, "pdf-shared": idleRecord(NOW, 3) }));
    const scope = curationScope(await loadCuratorHome(c.home));
    expect(scope.managed.has("pdf-shared")).toBe(false);
    expect(scope.managed.has("pdf-agent")).toBe(true);
  });
});
