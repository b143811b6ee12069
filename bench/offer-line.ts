/**
 * Chooses the offer line (THRESHOLDS.offerNeeds): below the load line, a reply
 * lists its finalists only on turns whose needs_skill reaches it. For each
 * candidate line, on both sides of every development set
 * (lib/eval/decision-sets.ts), prints list recall (an expected skill among
 * the three listed) and hint noise (turns that need no skill given any list),
 * from each decision's candidates, so the figures do not depend on the line
 * shipped. The line is chosen on the fit side: the lowest whose noise stays
 * at or under 15% in every group. Changes nothing.
 *
 *   node bin/run-ts.mjs bench/offer-line.ts
 */
import { LIMITS, THRESHOLDS } from "../lib/engine/limits";
import { pickSkill } from "../lib/engine/pick-skill";
import { verifyCatalogEntry } from "../lib/engine/verify";
import { decisionSets } from "../lib/eval/decision-sets";
import { LocalJudge } from "../lib/judges/local/local-judge";

interface Row {
  group: string;
  expected: string[];
  needs: number;
  /** The finalists a reply could list, best match first. */
  listable: string[];
  /** Their matches, in the same order. */
  matches: number[];
}

const LINES = [0.3, 0.4, 0.5, 0.6, 0.7];
const NOISE_CAP = 0.15;
const ENTRY_FLOORS = [0.05, 0.08, 0.1, 0.15];

for (const side of ["fit", "check"] as const) {
  const rows: Row[] = [];
  for (const set of decisionSets()) {
    const deps = { catalog: set.catalog, judge: new LocalJudge(), verify: verifyCatalogEntry, metaSkills: [], now: () => performance.now() };
    for (const c of set[side]) {
      const { reply, record } = await pickSkill({ turn: c.turn }, deps);
      const listable = record.candidates
        .filter((k) => k.match !== null && k.match >= THRESHOLDS.minShownMatch && k.verdict !== "rejected_by_stage_two")
        .sort((a, b) => (b.match ?? 0) - (a.match ?? 0))
        .slice(0, LIMITS.maxReturned);
      rows.push({
        group: set.group,
        expected: c.expected,
        needs: reply.status === "ok" ? reply.needs_skill : 0,
        listable: listable.map((k) => k.path),
        matches: listable.map((k) => k.match ?? 0),
      });
    }
  }
  const groups = [...new Set(rows.map((r) => r.group))];
  console.log(`${side} side: list recall / hint noise per group (${groups.join(", ")})`);
  for (const line of LINES) {
    const cells = groups.map((g) => {
      const list = rows.filter((r) => r.group === g);
      const pos = list.filter((r) => r.expected.length > 0);
      const neg = list.filter((r) => r.expected.length === 0);
      const listed = (r: Row) => (r.needs >= line ? r.listable : []);
      const recall = pos.filter((r) => listed(r).some((p) => r.expected.includes(p))).length / Math.max(1, pos.length);
      const noise = neg.filter((r) => listed(r).length > 0).length / Math.max(1, neg.length);
      return { recall, noise };
    });
    const ok = cells.every((c) => c.noise <= NOISE_CAP) ? "  (noise within the cap everywhere)" : "";
    console.log(`  needs_skill >= ${line.toFixed(1)}: ${cells.map((c) => `${c.recall.toFixed(3)}/${c.noise.toFixed(3)}`).join("  ")}${ok}`);
  }
  // At the shipped line: what a floor on each entry's match saves in entries, against the recall it costs.
  for (const floor of ENTRY_FLOORS) {
    const cells = groups.map((g) => {
      const list = rows.filter((r) => r.group === g && r.needs >= THRESHOLDS.offerNeeds);
      const kept = (r: Row) => r.listable.filter((_, k) => r.matches[k] >= floor);
      const pos = rows.filter((r) => r.group === g && r.expected.length > 0);
      const recall = pos.filter((r) => r.needs >= THRESHOLDS.offerNeeds && kept(r).some((p) => r.expected.includes(p))).length / Math.max(1, pos.length);
      const entries = list.reduce((n, r) => n + kept(r).length, 0) / Math.max(1, list.filter((r) => kept(r).length > 0).length);
      return `${recall.toFixed(3)}/${entries.toFixed(2)}`;
    });
    console.log(`  at ${THRESHOLDS.offerNeeds}, entries with match >= ${floor.toFixed(2)}: list recall / entries per list  ${cells.join("  ")}`);
  }
}
console.log(`shipped: THRESHOLDS.offerNeeds = ${THRESHOLDS.offerNeeds}`);
