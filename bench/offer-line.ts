/**
 * Chooses the local judge's shortlist lines (LOCAL_JUDGE.offer, OfferLines): below the load line, a reply lists a
 * finalist when the turn's needs_skill reaches `needs` or the finalist's own match reaches `match`, and never under
 * the floor (THRESHOLDS.offerFloor). For each pair and floor, on both sides of every development set
 * (bench/support/decision-sets.ts), prints list recall (an expected skill among the three listed), hint noise (turns
 * that need no skill given any list) and wrong entries per list, from each decision's candidates, so the figures do
 * not depend on the lines shipped. The pair is chosen on the fit side at the shipped floor: the best mean list recall
 * whose noise stays at or under 15% in every group. The other floors show what the floor costs. Changes nothing.
 * `--dense`: the hybrid's lines (with the sentence encoder), instead of the lexical judge's.
 *
 *   node bin/run-ts.mjs bench/offer-line.ts [--dense]
 */

import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { LOCAL_JUDGE } from "../lib/judges/local/settings";
import { LIMITS, type OfferLines, THRESHOLDS } from "../lib/vocab/limits";
import { decisionSets } from "./support/decision-sets";
import { benchDense } from "./support/dense-bench";

interface Row {
  group: string;
  expected: string[];
  needs: number;
  /** The finalists a reply could list, best match first, and their matches. */
  paths: string[];
  matches: number[];
}

const NEEDS_LINES = [0.5, 0.6, 0.7, 0.8, Number.POSITIVE_INFINITY];
const MATCH_LINES = [0.15, 0.2, 0.25, 0.3, Number.POSITIVE_INFINITY];
const FLOORS = [...new Set([THRESHOLDS.minShownMatch, THRESHOLDS.offerFloor, 0.15, 0.2])].sort();
const NOISE_CAP = 0.15;

/** A pair of lines at a floor. */
interface Lines extends OfferLines {
  floor: number;
}

const sides = { fit: [] as Row[], check: [] as Row[] };
const dense = process.argv.includes("--dense") ? await benchDense() : null;
for (const side of ["fit", "check"] as const) {
  for (const set of decisionSets()) {
    const deps = {
      catalog: set.catalog,
      judge: new LocalJudge("wait", undefined, dense?.side ?? null),
      verify: verifyCatalogEntry,
      metaSkills: [],
      now: () => performance.now(),
    };
    for (const c of set[side]) {
      const { reply, record } = await pickSkill({ turn: c.turn }, deps);
      const listable = record.candidates
        .filter((k) => k.match !== null && k.match >= THRESHOLDS.minShownMatch && k.verdict !== "rejected_by_stage_two")
        .sort((a, b) => (b.match ?? 0) - (a.match ?? 0))
        .slice(0, LIMITS.maxReturned);
      sides[side].push({
        group: set.group,
        expected: c.expected,
        needs: reply.status === "ok" ? reply.needs_skill : 0,
        paths: listable.map((k) => k.path),
        matches: listable.map((k) => k.match ?? 0),
      });
    }
  }
}
const groups = [...new Set(sides.fit.map((r) => r.group))];

function figures(rows: readonly Row[], lines: Lines) {
  return groups.map((g) => {
    const list = rows.filter((r) => r.group === g);
    const listed = (r: Row) => r.paths.filter((_, k) => r.matches[k] >= lines.floor && (r.needs >= lines.needs || r.matches[k] >= lines.match));
    const pos = list.filter((r) => r.expected.length > 0);
    const neg = list.filter((r) => r.expected.length === 0);
    const withList = list.filter((r) => listed(r).length > 0);
    const wrong = withList.reduce((n, r) => n + listed(r).filter((p) => !r.expected.includes(p)).length, 0);
    return {
      recall: pos.filter((r) => listed(r).some((p) => r.expected.includes(p))).length / Math.max(1, pos.length),
      noise: neg.filter((r) => listed(r).length > 0).length / Math.max(1, neg.length),
      wrong: wrong / Math.max(1, withList.length),
    };
  });
}

const line = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "none");
const cells = (f: ReturnType<typeof figures>) => f.map((c) => `${c.recall.toFixed(3)}/${c.noise.toFixed(3)}/${c.wrong.toFixed(2)}`).join("  ");
console.log(`list recall / hint noise / wrong entries per list, per group (${groups.join(", ")}), fit side | check side`);
const bestAt = new Map<number, { lines: Lines; recall: number }>();
for (const floor of FLOORS) {
  for (const needs of NEEDS_LINES) {
    for (const match of MATCH_LINES) {
      const lines = { needs, match, floor };
      const fit = figures(sides.fit, lines);
      const within = fit.every((c) => c.noise <= NOISE_CAP);
      const recall = fit.reduce((s, c) => s + c.recall, 0) / fit.length;
      const best = bestAt.get(floor);
      if (within && (!best || recall > best.recall)) bestAt.set(floor, { lines, recall });
      console.log(
        `  floor ${floor.toFixed(2)}, needs >= ${line(needs).padEnd(4)} or match >= ${line(match).padEnd(4)} ${within ? "*" : " "} ${cells(fit)} | ${cells(figures(sides.check, lines))}`,
      );
    }
  }
}
console.log(`* noise within ${NOISE_CAP} in every group on the fit side`);
const show = (l: Lines) => `needs >= ${line(l.needs)} or match >= ${line(l.match)}, floor ${l.floor.toFixed(2)}`;
for (const [floor, best] of bestAt) {
  console.log(`best at floor ${floor.toFixed(2)}: ${show(best.lines)} (fit mean list recall ${best.recall.toFixed(3)})`);
  console.log(`  check side: ${cells(figures(sides.check, best.lines))}`);
}
const shipped = { ...(dense ? LOCAL_JUDGE.offer.hybrid : LOCAL_JUDGE.offer.lexical), floor: THRESHOLDS.offerFloor };
console.log(`shipped (${dense ? "hybrid" : "lexical"}): ${show(shipped)}`);
console.log(`  check side: ${cells(figures(sides.check, shipped))}`);
await dense?.encoder.close();
