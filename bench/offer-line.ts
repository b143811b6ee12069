/**
 * Chooses the shortlist's offer lines (THRESHOLDS.offerNeeds, offerMatch):
 * below the load line, a reply lists a finalist when the turn's needs_skill
 * reaches offerNeeds or the finalist's own match reaches offerMatch. For
 * each pair, on both sides of every development set
 * (bench/support/decision-sets.ts), prints list recall (an expected skill among
 * the three listed) and hint noise (turns that need no skill given any
 * list), from each decision's candidates, so the figures do not depend on
 * the lines shipped. The pair is chosen on the fit side: the best mean list
 * recall whose noise stays at or under 15% in every group. Changes nothing.
 * `--dense`: with the local judge's sentence encoder (the default judge), instead of the lexical judge alone.
 *
 *   node bin/run-ts.mjs bench/offer-line.ts [--dense]
 */

import { verifyCatalogEntry } from "../lib/catalog/verifier";
import { pickSkill } from "../lib/engine/pick-skill";
import { LocalJudge } from "../lib/judges/local/local-judge";
import { LIMITS, THRESHOLDS } from "../lib/vocab/limits";
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
const NOISE_CAP = 0.15;

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

function figures(rows: readonly Row[], needsLine: number, matchLine: number) {
  return groups.map((g) => {
    const list = rows.filter((r) => r.group === g);
    const listed = (r: Row) => r.paths.filter((_, k) => r.needs >= needsLine || r.matches[k] >= matchLine);
    const pos = list.filter((r) => r.expected.length > 0);
    const neg = list.filter((r) => r.expected.length === 0);
    return {
      recall: pos.filter((r) => listed(r).some((p) => r.expected.includes(p))).length / Math.max(1, pos.length),
      noise: neg.filter((r) => listed(r).length > 0).length / Math.max(1, neg.length),
    };
  });
}

const line = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "none");
const cells = (f: ReturnType<typeof figures>) => f.map((c) => `${c.recall.toFixed(3)}/${c.noise.toFixed(3)}`).join("  ");
console.log(`list recall / hint noise per group (${groups.join(", ")}), fit side | check side`);
let best: { needs: number; match: number; recall: number } | null = null;
for (const needs of NEEDS_LINES) {
  for (const match of MATCH_LINES) {
    const fit = figures(sides.fit, needs, match);
    const within = fit.every((c) => c.noise <= NOISE_CAP);
    const recall = fit.reduce((s, c) => s + c.recall, 0) / fit.length;
    if (within && (!best || recall > best.recall)) best = { needs, match, recall };
    console.log(
      `  needs >= ${line(needs).padEnd(4)} or match >= ${line(match).padEnd(4)} ${within ? "*" : " "} ${cells(fit)} | ${cells(figures(sides.check, needs, match))}`,
    );
  }
}
console.log(`* noise within ${NOISE_CAP} in every group on the fit side`);
if (best) console.log(`best within the cap: needs >= ${line(best.needs)} or match >= ${line(best.match)} (fit mean list recall ${best.recall.toFixed(3)})`);
console.log(`shipped: needs >= ${THRESHOLDS.offerNeeds} or match >= ${THRESHOLDS.offerMatch}`);
await dense?.encoder.close();
